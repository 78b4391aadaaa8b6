// The live domain's surface: what app.ts and other domains may import (never a file behind it).
export { type LivePluginOptions, livePlugin } from './livePlugin';
export { type MediaConfig, defaultMediaConfig } from './media/mediaConfig';
export type { IngestStreamStats } from './media/rtmpIngest';
export { registerArchiveMetrics } from './media/archive/archiveMetrics';
export type { MediaArchive } from './media/archive/mediaArchive';
export type { StreamEvents } from './media/streamEvents';
export type { RoomEventMap, RoomEvents } from './roomEvents';
export type { RoomPresence } from './presence';
export type { RoomGiftCoins, RoomGiftIncome } from './giftIncome';
export { attention, attentionList } from './follows';
export { broadcastRecords } from './broadcasts';
export { roomAdmins, setRoomAdmin } from './admins';
export { emitCommitted } from './committedEvents';
export { opsMute } from './mutes';
export { createRoom } from './roomService';
export { hostnameOf, isAcceptableCover } from './roomCover';
export { optionalViewerId } from './viewer';
export { thumbUrlOf } from './thumbnails/thumbnailUrls';
