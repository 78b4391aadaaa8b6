/**
 * The server's public surface for the benchmarks (bench/, the @sports/bench package), exported as
 * `@sports/server/bench` (package.json "exports"). The benchmarks drive the very code production
 * runs (the chat hub, the live-data hub and its worker processes, the real server in a process),
 * so they import it, but only from here: moving a file inside server/src changes this list, never
 * the benchmarks, and `pnpm check:boundaries` refuses any other way from bench/ into the server.
 *
 * Nothing the server runs imports this file (it pulls in test kits: serverProcessKit uses
 * testing/).
 */

// bench:chat: ChatHub with the real checks, its group (the bench times each flush), the
// signatures the fleet's members log in with, an in-process bus and the directory it fakes.
export { InProcessChatBus } from './chat/chatBus';
export { defaultChatConfig } from './chat/chatConfig';
export { ChatDirectory, type ChatRoomInfo, type ChatUserInfo } from './chat/chatDirectory';
export { ChatGroup } from './chat/chatGroup';
export { ChatHub, DEFAULT_CHAT_FLUSH_MS } from './chat/chatHub';
export { createGuestSigner } from './chat/guestSignature';
export { createMemberSigner } from './chat/memberSignature';
export { systemClock } from './infra/clock';
// …and the fan medals on every line (issue 35): the worn-medal cache a send reads, the chat lines' batcher.
export { WornMedals, type WornMedal } from './fanMedals/wornMedals';
export { FanMedalChatLines } from './fanMedals/fanMedalChatLines';

// bench:realtime: the live-data hub in one process and behind fan-out worker processes
// (LIVE_WORKERS), as the server wires them.
export { LiveDataHub, MATCH_CENTRE_WINDOW_MS } from './scores/liveData/liveDataHub';
export { routeLiveDataUpgrades } from './scores/liveData/liveUpgrade';
export { LiveWorkerPool } from './scores/liveData/liveWorkerPool';
export { defaultLiveWorkers } from './scores/liveData/liveWorkersConfig';
export { memorySeqBlocks } from './scores/liveData/seqAllocator';

// bench:hardening: the real server (src/main.ts) in its own process on a fresh database, and the
// raw RTMP client that floods its ingest.
export { startEmbeddedPostgres } from './infra/db/embeddedPostgres';
export { DEFAULT_CHUNK_SIZE, RtmpType, chunkHeader0, connectRtmp, handshake, send } from './live/media/testing/rtmpTestClient';
export { type ServerProcess, startServerProcess } from './live/media/testing/serverProcessKit';

// bench:video's edge run (bench/video/edgeRun.ts): deploy/nginx's config in Debian's nginx in front
// of the server, on a free port (issue 37).
export { type NginxEdge, nginxInstalledFor, startNginxEdge } from './live/media/edge/nginxEdgeKit';

// bench:demo-streams: the baseline pushes (the same clips, encoded again) are signed like the demo
// rooms' own pushes.
export { streamNameFor } from './live/media/playbackUrls';
export { pushSignature } from './live/media/pushSignature';

// bench:gifts: the gift path over HTTP to the real server (above); the bench seeds its members,
// anchors and sessions, funds them on the ledger, opens its own pool for the baseline, and checks
// the ledger afterwards.
export { issueSession } from './accounts/sessions/sessions';
export { createDatabase } from './infra/db/database';
export { transferNow } from './wallet/ledger';
export { checkLedger } from './wallet/ledgerCheck';

// bench:clips: the cutter itself (stream copy into a faststart MP4) on the server's media storage,
// for its CPU per clip against an x264 re-encode of the same segments.
export { ClipCutter } from './clips/clipCutter';
export { mediaClipStorage } from './clips/clipStorage';
export { LocalDiskStorage } from './media/index';
export { segmentsOfRoomBetween } from './live/index';

// bench:predictions: the settlement of 100,000 stakes through the real service, on a database
// migrated by the server's own migrations.
export { migrateToLatest } from './infra/db/migrations/migrate';
export { PredictionService, pariMutuel } from './predictions/index';
