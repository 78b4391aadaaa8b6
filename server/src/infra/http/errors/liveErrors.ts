import { CLIP_TITLE_MAX, ROOM_ADMINS_MAX } from '@sports/shared/server';
import { entry } from './entry';

/** Live rooms, anchors, playback, replays and clips. One group of the one errors table (../errorCatalogue.ts). */
export const liveErrors = {
  // --- Live: rooms, anchors, admins, mutes, schedules, follows, playback (modules/live, media). ---
  LIVE_NOT_ANCHOR: entry('您还不是主播，请先申请成为主播'),
  LIVE_ROOM_EXISTS: entry('您已经创建过直播间'),
  LIVE_TITLE_EMPTY: entry('标题不能为空'),
  LIVE_NO_ROOM: entry('您还没有直播间，请先创建'),
  /** getLiveUrl's wording of LIVE_NO_ROOM (media/liveUrlRoutes.ts). */
  LIVE_URL_NO_ROOM: entry('请先创建直播间'),
  LIVE_ROOM_NOT_FOUND: entry('直播间不存在'),
  LIVE_NOT_OWNER: entry('只有房主可以操作'),
  LIVE_NOT_MODERATOR: entry('只有房主和房管可以禁言'),
  /** media/streamHealth: the stream's health is for the room's owner and admins. */
  LIVE_STREAM_HEALTH_FORBIDDEN: entry('只有房主和房管可以查看推流状态'),
  LIVE_CANNOT_MUTE_SELF: entry('不能禁言自己'),
  LIVE_CANNOT_MUTE_OWNER: entry('不能禁言房主'),
  LIVE_CANNOT_MUTE_ADMIN: entry('房管不能禁言其他房管'),
  LIVE_USER_NOT_FOUND: entry('用户不存在'),
  LIVE_MATCH_NOT_FOUND: entry('比赛不存在'),
  LIVE_MATCH_FINISHED: entry('比赛已结束'),
  LIVE_SCHEDULE_NOT_FOUND: entry('预约直播不存在'),
  LIVE_SCHEDULE_IN_PAST: entry('开播时间不能早于现在'),
  LIVE_TOO_MANY_ADMINS: entry(`房管最多 ${ROOM_ADMINS_MAX} 人`),
  LIVE_CANNOT_ADMIN_SELF: entry('不能设置自己为房管'),
  LIVE_ANCHOR_NOT_FOUND: entry('主播不存在'),
  LIVE_CANNOT_FOLLOW_SELF: entry('不能关注自己'),
  LIVE_NOTHING_TO_UPDATE: entry('没有要修改的内容'),
  LIVE_MOBILE_NOT_REGISTERED: entry('该手机号未注册'),
  /** A cookie-authenticated state-changing GET without X-Requested-With: the one CSRF rule (accounts/csrf.ts), for every GET flagged changesState. */
  LIVE_NEEDS_XHR: entry('请求来源无效', { status: 403 }),
  LIVE_COVER_NOT_ALLOWED: entry('封面只能是本站上传的图片或其他网站的 https 图片地址'),
  /** tenxun/getUserSig without a room to chat in (chat/chatPlugin.ts). */
  CHAT_ROOM_REQUIRED: entry('请提供 room_id 或 group_id'),
  PLAYBACK_NOT_FOUND: entry('文件不存在', { status: 404 }),
  PLAYBACK_NOT_LIVE: entry('直播未开始', { status: 404 }),
  /** A blocking playlist request (`_HLS_msn`) more than two segments ahead (live/media/blockingPlaylist.ts). */
  PLAYBACK_SEGMENT_TOO_FAR_AHEAD: entry('请求的分片尚未生成', { status: 400 }),
  PLAYBACK_TOO_MANY_PLAYERS: entry('播放连接过多，请稍后再试', { status: 429 }),
  /** Another node holds the room's push and did not answer in time (live/media/origin/). */
  PLAYBACK_ORIGIN_UNREACHABLE: entry('直播源暂时无法连接，请稍后再试', { status: 502 }),
  // --- Replays (回放) and time-shift (回看): the media archive (live/media/archive). ---
  REPLAY_NOT_FOUND: entry('回放不存在'),
  REPLAY_NOT_OWNER: entry('只有主播本人可以管理回放'),
  /** The broadcast is still on air: its replay comes within a minute of its end. */
  REPLAY_NOT_READY: entry('直播尚未结束，回放稍后生成'),
  REPLAY_STILL_RECORDING: entry('直播结束后才能隐藏或删除回放'),
  /** Nothing could be kept (the storage was full…): the reason, for the anchor. */
  REPLAY_FAILED: entry((failure: string) => `回放不可用：${failure}`),
  REPLAY_LIST_SELECTOR: entry('请提供 room_id、anchor_id 或 match_id'),
  REPLAY_BAD_CURSOR: entry('cursor 无效'),

  // --- Clips (clips/): feed and person clips, their lists, files and the anchor's offset. ---
  CLIP_NOT_FOUND: entry('片段不存在'),
  CLIP_FILE_NOT_FOUND: entry('片段不存在或已删除', { status: 404 }),
  CLIP_ROOM_NOT_LIVE: entry('直播未开始，暂时无法剪辑'),
  CLIP_FORBIDDEN: entry('只有片段的创建者和主播可以修改或删除', { status: 403 }),
  CLIP_TOO_FREQUENT: entry((wait: string) => `剪辑过于频繁，请 ${wait}后再试`, { status: 429 }),
  CLIP_ROOM_BUSY: entry('该直播间剪辑的人太多，请稍后再试', { status: 429 }),
  CLIP_TITLE_EMPTY: entry('标题不能为空'),
  CLIP_TITLE_TOO_LONG: entry(`标题最多 ${CLIP_TITLE_MAX} 个字`),
  CLIP_TITLE_REFUSED: entry('标题包含不当内容，请修改后再试'),
  CLIP_LIST_SELECTOR: entry('请提供 match_id、room_id 或 latest 其中之一', { status: 400 }),
  CLIP_BAD_KINDS: entry('kinds 取值无效', { status: 400 }),
  CLIP_BAD_CURSOR: entry('cursor 无效', { status: 400 }),
};
