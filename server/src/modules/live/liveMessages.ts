import { ROOM_ADMINS_MAX } from '@sports/shared/server';

/** What the rooms API tells users (zh-CN), in one place. */
export const liveMessages = {
  notAnchor: '您还不是主播，请先申请成为主播',
  roomExists: '您已经创建过直播间',
  titleEmpty: '标题不能为空',
  noRoom: '您还没有直播间，请先创建',
  roomNotFound: '直播间不存在',
  notOwner: '只有房主可以操作',
  notModerator: '只有房主和房管可以禁言',
  cannotMuteSelf: '不能禁言自己',
  cannotMuteOwner: '不能禁言房主',
  cannotMuteAdmin: '房管不能禁言其他房管',
  userNotFound: '用户不存在',
  matchNotFound: '比赛不存在',
  matchFinished: '比赛已结束',
  scheduleNotFound: '预约直播不存在',
  scheduleInPast: '开播时间不能早于现在',
  tooManyAdmins: `房管最多 ${ROOM_ADMINS_MAX} 人`,
  cannotAdminSelf: '不能设置自己为房管',
  anchorNotFound: '主播不存在',
  cannotFollowSelf: '不能关注自己',
  nothingToUpdate: '没有要修改的内容',
  mobileNotRegistered: '该手机号未注册',
  needsXhr: '请求来源无效',
  coverNotAllowed: '封面只能是本站上传的图片或其他网站的 https 图片地址',
} as const;
