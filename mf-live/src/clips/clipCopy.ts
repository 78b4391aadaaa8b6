import type { ClipKind } from '@sports/shared';

/** The words of clips and replays (issue 34): the chat card, 剪辑, the clip page, the widget, replays. */
export const CLIP_KIND_TITLES: Record<ClipKind, string> = {
  goal: '进球回放',
  penalty: '点球回放',
  red_card: '红牌回放',
  quarter_end: '精彩回放',
  lead_change: '精彩回放',
  person: '精彩回放',
};

export const clipCopy = {
  player: (title: string) => `回放：${title}`,
  deleted: '该回放已删除',
  unavailable: '回放暂时无法播放',
  retry: '重试',
  cutting: '回放生成中，请稍后再看',
  failed: (why: string | null) => why ?? '回放生成失败',
  card: (kindTitle: string, title: string) => `${kindTitle}：${title}，点击播放`,
  close: '收起回放',
  // 剪辑 in the room's bar.
  clipTitle: '剪辑最近30秒',
  clip: '剪辑',
  clipHint: (seconds: number) => `把直播最近 ${seconds} 秒剪成回放，生成后可分享。`,
  clipName: '标题（可不填）',
  clipConfirm: '确认剪辑',
  clipping: '剪辑中…',
  clipDone: '剪辑已提交，生成后即可观看',
  clipOpen: '查看剪辑',
  clipAgain: '再剪一段',
  clipNotLive: '直播未开始，暂不能剪辑',
  // The clip page.
  page: '回放',
  loadFailed: '回放加载失败',
  notFound: '回放不存在或已删除',
  hiddenByOps: '该回放已被管理员隐藏，仅你可见',
  match: '比赛',
  toMatch: '查看比赛',
  creator: '剪辑者',
  anchor: '主播',
  toRoom: '进入直播间',
  createdAt: '时间',
  copyLink: '复制链接',
  copied: '链接已复制',
  copyFailed: (url: string) => `复制失败，请手动复制：${url}`,
  rename: '改标题',
  renameLabel: '回放标题',
  renameSave: '保存',
  renameCancel: '取消',
  renamed: '标题已保存',
  titleEmpty: '标题不能为空',
  titleTooLong: (max: number) => `标题最多 ${max} 个字`,
  remove: '删除',
  removeYes: '确定删除',
  removeConfirm: '确定删除这段回放？删除后不能恢复。',
  removed: '回放已删除',
  byCreator: (nickname: string) => `由 ${nickname} 剪辑`,
  // The home widget.
  widget: '进球集锦',
  widgetLoading: '加载中…',
  // Replays.
  replay: '直播回放',
  replayHidden: '已隐藏（仅自己可见）',
  replayHide: '隐藏回放',
  replayHiddenDone: '回放已隐藏，仅自己可见',
  replayShown: '回放已公开',
  replayNotFound: '回放不存在或已删除',
  replayFailed: '回放生成失败',
  onAirAt: '开播时间',
  duration: '时长',
  replayDelete: '删除回放',
  replayDeleteConfirm: '确定删除这场直播回放？删除后不能恢复。',
  replayDeleted: '直播回放已删除',
  replayRecording: '直播中，结束后生成回放',
  markers: '比赛事件',
  seekTo: (label: string) => `跳到 ${label}`,
  // The owner console's offset.
  offset: '回放时间校准',
  offsetHint: (max: number) => `比分数据比画面早或晚时调整（−${max}…${max} 秒），只影响之后自动生成的回放。`,
  offsetLabel: '画面相对数据的偏移（秒）',
  offsetSave: '保存偏移',
  offsetSaved: (seconds: number) => `已保存：${seconds > 0 ? '+' : ''}${seconds} 秒`,
  offsetInvalid: (max: number) => `请输入 −${max} 到 ${max} 之间的整数`,
} as const;

/** The clip page of a clip (a hash route: the share link works for anyone, guests included). */
export function clipHref(clipId: number): string {
  return `#/clip?id=${clipId}`;
}

/** The replay mode of the clip page. */
export function replayHref(replayId: number): string {
  return `#/clip?replay=${replayId}`;
}

/** The room of a clip's anchor. */
export function roomHref(roomId: number): string {
  return `#/live?id=${roomId}`;
}

/** A length as people say it: 1小时05分, 12分30秒, 45秒. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1_000));
  const hours = Math.floor(seconds / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}小时${String(minutes).padStart(2, '0')}分`;
  if (minutes > 0) return `${minutes}分${String(rest).padStart(2, '0')}秒`;
  return `${rest}秒`;
}
