import { entry } from './entry';

/** Community posts, headlines and moderation. One group of the one errors table (../errorCatalogue.ts). */
export const communityErrors = {
  // Community posts (community/posts/): posts, comments, likes.
  COMMUNITY_POST_NOT_FOUND: entry('动态不存在或已删除'),
  COMMUNITY_COMMENT_NOT_FOUND: entry('评论不存在或已删除'),
  COMMUNITY_USER_NOT_FOUND: entry('用户不存在'),
  COMMUNITY_POST_EMPTY: entry('请输入内容或添加图片'),
  COMMUNITY_TEXT_BLANK: entry('内容不能为空'),
  COMMUNITY_IMAGE_NOT_OURS: entry('图片无效，请重新上传'),
  COMMUNITY_IMAGE_DUPLICATE: entry('同一张图片不能重复添加'),
  COMMUNITY_TOPIC_NOT_FOUND: entry('话题不存在'),
  COMMUNITY_MATCH_NOT_FOUND: entry('关联的比赛不存在'),
  COMMUNITY_ROOM_NOT_FOUND: entry('关联的直播间不存在'),
  COMMUNITY_ONE_LINK: entry('只能关联一场比赛或一个直播间'),
  /** The sensitive-word filter refused the text (the words are not shown back). */
  COMMUNITY_TEXT_REFUSED: entry('内容包含不当用语，请修改后再发布'),
  COMMUNITY_NOT_AUTHOR: entry('只能删除自己发布的内容', { status: 403 }),
  COMMUNITY_POSTING_TOO_FAST: entry((max: number) => `发布太频繁：每分钟最多 ${max} 条动态，请稍后再试`, { status: 429 }),
  COMMUNITY_COMMENTING_TOO_FAST: entry((max: number) => `评论太频繁：每分钟最多 ${max} 条评论，请稍后再试`, { status: 429 }),
  COMMUNITY_BAD_CURSOR: entry('分页参数无效，请从第一页重新加载'),

  // --- Headlines (community/headlines/): articles, reads, likes, the ops editor. ---
  HEADLINE_NOT_FOUND: entry('文章不存在或已下线'),
  HEADLINE_CATEGORY_UNKNOWN: entry('文章分类不存在'),
  HEADLINE_BAD_COVER: entry('封面图片无效：请使用上传的图片'),
  HEADLINE_MATCH_NOT_FOUND: entry((ids: number[]) => `关联的比赛不存在：${ids.join('、')}`),
  HEADLINE_TITLE_BLANK: entry('标题不能为空'),
  HEADLINE_BODY_BLANK: entry('正文不能为空'),

  // Moderation (moderation/): the sensitive-word filter, reports, the ops queue, account bans.
  /** Text a member publishes holds a listed word: nothing offensive is said back. */
  MODERATION_TEXT_REFUSED: entry('内容包含不当用语，请修改后再发布'),
  MODERATION_KIND_UNAVAILABLE: entry('暂不支持举报该类内容'),
  MODERATION_TARGET_NOT_FOUND: entry('举报的内容不存在或已删除'),
  MODERATION_SELF_REPORT: entry('不能举报自己或自己发布的内容'),
  MODERATION_DUPLICATE_REPORT: entry('你已举报过该内容，请等待处理'),
  MODERATION_REPORTING_TOO_FAST: entry((max: number) => `举报太频繁：每小时最多 ${max} 次，请稍后再试`, { status: 429 }),
  MODERATION_WORD_INVALID: entry('敏感词无效：不能只有空格或标点，且不超过 32 个字'),
  MODERATION_WORD_CHANGE_EMPTY: entry('请填写要添加或删除的敏感词'),
  MODERATION_WORD_LIST_FULL: entry((max: number) => `敏感词最多 ${max} 个，请先删除一些`),
  MODERATION_REPORT_NOT_FOUND: entry('举报不存在', { status: 404 }),
  MODERATION_REPORT_CLOSED: entry('该举报已处理'),
  MODERATION_ACTION_UNSUPPORTED: entry('该举报对象不支持此操作'),
  /** A banned member logging in: until when (China time). */
  ACCOUNT_BANNED: entry((until: string) => `账号已被封禁，解封时间：${until}`, { status: 403 }),
};
