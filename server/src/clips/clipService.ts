import { type ChatClipCard, type ClipData, CLIP_TITLE_MAX, PERSON_CLIP_SECONDS } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatWait } from '../infra/clock';
import { lockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { segmentsOfRoomBetween } from '../live/index';
import type { ClipCutter } from './clipCutter';
import type { ClipMetrics } from './clipMetrics';
import { type ClipWithNames, archivedUntilMs, clipById, clipThumbUrl, clipVideoUrl } from './clipRows';
import { type ClipStorage, ClipStorageFullError, clipThumbKey, clipVideoKey } from './clipStorage';
import { partialTitle, personClipTitle } from './clipTitles';
import type { ClipsConfig } from './clipsConfig';

/** What a ready clip tells the rest of the site (the chat, the live-data socket). */
export interface ClipAnnouncer {
  /** A system line in the room's chat group carrying cloudCustomData.clip. */
  chat(ownerId: number, text: string, card: ChatClipCard): void;
  /** The next number of the live-data `clip` stream; null when this node does not number streams. */
  allocateSeq(): number | null;
  broadcast(seq: number, data: ClipData): void;
}

export interface ClipServiceOptions {
  db: Kysely<Database>;
  storage: ClipStorage;
  cutter: ClipCutter;
  metrics: ClipMetrics;
  config: ClipsConfig;
  log: FastifyBaseLogger;
  announcer: ClipAnnouncer | null;
  /** How often the archive is checked while a clip waits for its span's end, and how long past it a clip waits at most (then it cuts what is kept). */
  archiveWait?: { pollMs: number; graceMs: number };
  /** Cuts at once on this node (ffmpeg processes); the rest queue. */
  concurrency?: number;
  now?: () => number;
}

/** The Chinese the viewer reads on a failed or partial clip. */
export const clipFailures = {
  nothingKept: '该时段的直播画面已不在回看缓存中，无法生成片段',
  diskFull: '服务器存储空间不足，片段生成失败，请稍后再试',
  cutFailed: '片段生成失败，请稍后再试',
  interrupted: '片段生成中断，请重新剪辑',
  partial: (missingSeconds: number) => `部分画面已不在回看缓存中，缺少约 ${missingSeconds} 秒`,
} as const;

/** Advisory-lock spaces of person clips' limits (infra/db/advisoryLock.ts's spaces are 1-8, moderation's 1401). */
const CLIPPER_LOCK_SPACE = 3401;
const CLIP_ROOM_LOCK_SPACE = 3402;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Makes clips: claims a row (a feed event's unique id, or a person's 剪辑 within their limits),
 * then in the background waits until the archive holds the span's end (or a grace period passed),
 * cuts by stream copy, stores the MP4 and thumbnail, marks the row ready or failed, and tells the
 * room (chat card) and the goal popups (live-data `clip` frame, feed clips only).
 */
export class ClipService {
  private readonly running = new Set<Promise<void>>();
  private readonly queue: (() => Promise<void>)[] = [];
  private active = 0;
  private closed = false;
  private readonly now: () => number;
  private readonly concurrency: number;
  private readonly archiveWait: { pollMs: number; graceMs: number };

  constructor(private readonly options: ClipServiceOptions) {
    this.now = options.now ?? Date.now;
    this.concurrency = options.concurrency ?? 2;
    this.archiveWait = options.archiveWait ?? { pollMs: 500, graceMs: 20_000 };
  }

  get metrics(): ClipMetrics {
    return this.options.metrics;
  }

  /**
   * A feed event's clip: the insert that claims the event id wins; any other (another node, a
   * restart) does nothing and gets null. The winner's cut starts in the background.
   */
  async claimFeedClip(clip: {
    roomId: number;
    anchorId: number;
    matchId: number;
    eventId: number;
    kind: Exclude<ClipData['kind'], 'person'>;
    title: string;
    minute: string | null;
    homeScore: number | null;
    awayScore: number | null;
    happenedAtMs: number;
    fromMs: number;
    toMs: number;
  }): Promise<number | null> {
    const row = await this.options.db
      .insertInto('clip')
      .values({
        room_id: clip.roomId,
        anchor_id: clip.anchorId,
        match_id: clip.matchId,
        event_id: clip.eventId,
        kind: clip.kind,
        title: clip.title.slice(0, 200),
        minute: clip.minute,
        home_score: clip.homeScore,
        away_score: clip.awayScore,
        happened_at: new Date(clip.happenedAtMs),
        from_at: new Date(clip.fromMs),
        to_at: new Date(clip.toMs),
      })
      .onConflict((conflict) => conflict.column('event_id').where('event_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) return null;
    this.startCut(row.id);
    return row.id;
  }

  /** 剪辑: the room's last 30 s by a logged-in viewer (the anchor and admins too), within the limits; answered at once, cut in the background. */
  async createPersonClip(userId: number, roomId: number, requestedTitle: string | undefined, check: (text: string) => boolean): Promise<ClipWithNames> {
    const { db, config } = this.options;
    const room = await db.selectFrom('live_room').select(['id', 'owner_id', 'title', 'stream_status']).where('id', '=', roomId).executeTakeFirst();
    if (room === undefined) throw errors.LIVE_ROOM_NOT_FOUND();
    if (room.stream_status !== 'live') throw errors.CLIP_ROOM_NOT_LIVE();
    const trimmed = requestedTitle?.trim() ?? '';
    if (trimmed.length > CLIP_TITLE_MAX) throw errors.CLIP_TITLE_TOO_LONG();
    if (trimmed !== '' && !check(trimmed)) throw errors.CLIP_TITLE_REFUSED();
    const title = personClipTitle(trimmed, room.title);
    const nowMs = this.now();
    const id = await db.transaction().execute(async (trx) => {
      await lockKey(trx, CLIPPER_LOCK_SPACE, String(userId));
      const mine = await trx
        .selectFrom('clip')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('creator_id', '=', userId)
        .where('created_at', '>', new Date(nowMs - HOUR_MS))
        .executeTakeFirstOrThrow();
      if (Number(mine.count) >= config.personPerUserPerHour) {
        const oldest = mine.oldest === null ? nowMs : new Date(mine.oldest).getTime();
        throw errors.CLIP_TOO_FREQUENT(formatWait(Math.max(1_000, oldest + HOUR_MS - nowMs)));
      }
      await lockKey(trx, CLIP_ROOM_LOCK_SPACE, String(roomId));
      const roomRecent = await trx
        .selectFrom('clip')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('room_id', '=', roomId)
        .where('kind', '=', 'person')
        .where('created_at', '>', new Date(nowMs - MINUTE_MS))
        .executeTakeFirstOrThrow();
      if (Number(roomRecent.count) >= config.personPerRoomPerMinute) throw errors.CLIP_ROOM_BUSY();
      const row = await trx
        .insertInto('clip')
        .values({
          room_id: roomId,
          anchor_id: room.owner_id,
          kind: 'person',
          title,
          creator_id: userId,
          happened_at: new Date(nowMs),
          from_at: new Date(nowMs - PERSON_CLIP_SECONDS * 1000),
          to_at: new Date(nowMs),
          created_at: new Date(nowMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    this.startCut(id);
    const clip = await clipById(db, id);
    if (clip === null) throw errors.CLIP_NOT_FOUND();
    return clip;
  }

  /** Waits for every cut started so far (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.running.size > 0 || this.queue.length > 0) await Promise.all([...this.running]);
  }

  /** No new cuts; waits for the ones under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await Promise.all([...this.running]);
  }

  /**
   * Cuts clip `clipId` in the background: waits (unbounded, a cheap poll) until the archive holds
   * its span's end, then queues the cut itself (bounded: `concurrency` ffmpeg joins at once).
   */
  startCut(clipId: number): void {
    if (this.closed) return;
    const waiting: Promise<void> = this.waitForSpan(clipId)
      .then((ready) => {
        if (!ready || this.closed) return;
        this.queue.push(() => this.cutClip(clipId));
        this.pump();
      })
      .catch((error: unknown) => this.options.log.error({ err: error, clipId }, 'clips: waiting for the archive failed'))
      .finally(() => this.running.delete(waiting));
    this.running.add(waiting);
  }

  /** True when the clip is still to be cut, once its span's end is archived (or the grace passed). */
  private async waitForSpan(clipId: number): Promise<boolean> {
    const clip = await this.options.db.selectFrom('clip').select(['room_id', 'to_at', 'status', 'deleted_at']).where('id', '=', clipId).executeTakeFirst();
    if (clip === undefined || clip.status !== 'cutting' || clip.deleted_at !== null) return false;
    await this.waitForArchive(clip.room_id, clip.to_at.getTime());
    return true;
  }

  private pump(): void {
    while (this.active < this.concurrency && this.queue.length > 0) {
      const job = this.queue.shift() as () => Promise<void>;
      this.active += 1;
      const run: Promise<void> = job()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'clips: a cut failed unexpectedly'))
        .finally(() => {
          this.active -= 1;
          this.running.delete(run);
          this.pump();
        });
      this.running.add(run);
    }
  }

  private async cutClip(clipId: number): Promise<void> {
    const { db, storage, cutter, metrics, log } = this.options;
    const clip = await db.selectFrom('clip').selectAll().where('id', '=', clipId).executeTakeFirst();
    if (clip === undefined || clip.status !== 'cutting' || clip.deleted_at !== null) return;
    const fromMs = clip.from_at.getTime();
    const toMs = clip.to_at.getTime();
    metrics.cutting.inc();
    const started = this.now();
    try {
      const kept = await segmentsOfRoomBetween(db, clip.room_id, fromMs, toMs);
      const outcome = await cutter.cut({ segments: kept?.segments ?? [], fromMs, toMs, thumbAtMs: clip.happened_at.getTime(), name: String(clipId) });
      if (outcome.kind === 'nothing') return await this.fail(clipId, 'nothing_kept', clipFailures.nothingKept, { skipped: outcome.skipped });
      if (outcome.kind === 'disk_full') return await this.fail(clipId, 'disk_full', clipFailures.diskFull, { detail: outcome.detail });
      if (outcome.kind === 'error') return await this.fail(clipId, 'ffmpeg', clipFailures.cutFailed, { detail: outcome.detail });

      let bytes = 0;
      let thumbKey: string | null = null;
      try {
        bytes += await storage.put(clipVideoKey(clipId), outcome.videoFile);
        if (outcome.thumbFile !== null) {
          bytes += await storage.put(clipThumbKey(clipId), outcome.thumbFile);
          thumbKey = clipThumbKey(clipId);
        }
      } catch (error) {
        await storage.remove(clipVideoKey(clipId)).catch(() => undefined);
        const full = error instanceof ClipStorageFullError;
        return await this.fail(clipId, full ? 'disk_full' : 'ffmpeg', full ? clipFailures.diskFull : clipFailures.cutFailed, { detail: String(error) });
      }
      const missingSeconds = Math.round(outcome.missingMs / 1000);
      const partial = missingSeconds >= 1;
      const seq = clip.event_id !== null ? (this.options.announcer?.allocateSeq() ?? null) : null;
      const readyAt = new Date(this.now());
      const updated = await db
        .updateTable('clip')
        .set({
          status: 'ready',
          title: partial ? partialTitle(clip.title).slice(0, 200) : clip.title,
          failure: partial ? clipFailures.partial(missingSeconds) : null,
          broadcast_id: kept?.broadcastId ?? null,
          duration_ms: outcome.durationMs,
          video_key: clipVideoKey(clipId),
          thumb_key: thumbKey,
          bytes,
          stream_seq: seq,
          ready_at: readyAt,
        })
        .where('id', '=', clipId)
        .where('status', '=', 'cutting')
        .where('deleted_at', 'is', null)
        .returning(['id', 'title', 'room_id', 'anchor_id', 'match_id', 'event_id', 'kind', 'home_score', 'away_score', 'duration_ms', 'happened_at', 'creator_id'])
        .executeTakeFirst();
      if (updated === undefined) {
        // Deleted while it was cut: its files go too.
        await storage.remove(clipVideoKey(clipId));
        await storage.remove(clipThumbKey(clipId));
        return;
      }
      metrics.cut.inc({ kind: updated.kind });
      metrics.bytes.inc(bytes);
      metrics.cutSeconds.observe((this.now() - started) / 1000);
      metrics.readyDelaySeconds.observe(Math.max(0, readyAt.getTime() - toMs) / 1000);
      log.info({ clipId, kind: updated.kind, durationMs: outcome.durationMs, bytes, skipped: outcome.skipped, missingMs: outcome.missingMs }, 'clips: clip ready');
      this.announce(updated, thumbKey !== null, seq);
    } finally {
      metrics.cutting.dec();
    }
  }

  private announce(
    clip: { id: number; title: string; room_id: number; anchor_id: number; match_id: number | null; event_id: number | null; kind: ClipData['kind']; home_score: number | null; away_score: number | null; duration_ms: number; happened_at: Date; creator_id: number | null },
    hasThumb: boolean,
    seq: number | null,
  ): void {
    const announcer = this.options.announcer;
    if (announcer === null) return;
    const videoUrl = clipVideoUrl(clip.id);
    const thumbUrl = hasThumb ? clipThumbUrl(clip.id) : '';
    try {
      const card: ChatClipCard = { clipId: clip.id, kind: clip.kind, title: clip.title, videoUrl, thumbUrl, durationMs: clip.duration_ms, matchId: clip.match_id, happenedAt: clip.happened_at.getTime() };
      announcer.chat(clip.anchor_id, clip.kind === 'person' ? `精彩片段：${clip.title}` : `${clip.kind === 'red_card' ? '红牌回放' : '进球回放'}：${clip.title}`, card);
      if (seq !== null) {
        const data: ClipData = { clip_id: clip.id, match_id: clip.match_id, event_id: clip.event_id, kind: clip.kind, title: clip.title, video_url: videoUrl, thumb_url: thumbUrl };
        if (clip.home_score !== null && clip.away_score !== null) Object.assign(data, { home_score: clip.home_score, away_score: clip.away_score });
        announcer.broadcast(seq, data);
      }
    } catch (error) {
      this.options.log.warn({ err: error, clipId: clip.id }, 'clips: announcing a ready clip failed (the clip stands)');
    }
  }

  private async fail(clipId: number, reason: string, failure: string, detail: Record<string, unknown>): Promise<void> {
    const level = reason === 'nothing_kept' ? 'info' : 'error';
    this.options.log[level]({ clipId, reason, ...detail }, `clips: clip failed (${reason})`);
    this.options.metrics.failures.inc({ reason });
    await this.options.db.updateTable('clip').set({ status: 'failed', failure }).where('id', '=', clipId).where('status', '=', 'cutting').execute();
  }

  /** Until the room's archive holds `toMs` (the span's end), at most the grace period past it. */
  private async waitForArchive(roomId: number, toMs: number): Promise<void> {
    const { pollMs, graceMs } = this.archiveWait;
    while (!this.closed) {
      const until = await archivedUntilMs(this.options.db, roomId).catch(() => null);
      if (until !== null && until >= toMs) return;
      if (this.now() >= toMs + graceMs) return;
      await new Promise((resolve) => setTimeout(resolve, pollMs).unref());
    }
  }
}
