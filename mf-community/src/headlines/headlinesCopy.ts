/** Copy of the headlines screens (zh-CN), one catalogue so another locale needs no component change. */
export const newsCopy = {
  title: '头条',
  categories: '头条分类',
  all: '全部',
  categoriesFailed: '分类加载失败，仅可查看全部头条',
  failed: '头条加载失败',
  empty: '这个分类还没有头条',
  list: '头条列表',
  more: '加载更多',
  moreLoading: '加载中…',
  moreFailed: '加载失败，请重试',
  views: (count: number) => `${count} 阅读`,
  likes: (count: number) => `${count} 赞`,
} as const;

export const detailCopy = {
  title: '详情',
  badId: '文章地址有误，请从头条列表进入。',
  failed: '文章加载失败（可能已下线）',
  backToNews: '返回头条',
  by: (author: string) => `作者：${author}`,
  publishedAt: (time: string) => `发布于 ${time}`,
  views: (count: number) => `阅读 ${count}`,
  like: '点赞',
  liked: '已赞',
  likeCount: (count: number) => `${count} 赞`,
  likeFailed: '点赞失败，请重试',
  related: '相关比赛',
  notStarted: '未开赛',
  body: '正文',
  /** A match report's clips (issue 34): the section, each card's tag on its picture and its link's name. */
  clips: '本场回放',
  clipTags: { goal: '进球', penalty: '点球', red_card: '红牌', quarter_end: '节末', lead_change: '反超', person: '剪辑' },
  watchClip: (title: string) => `看回放：${title}`,
} as const;
