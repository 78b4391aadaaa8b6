import { type Kysely, sql } from 'kysely';

/**
 * Headlines (issue 14; server/src/community/headlines/README.md).
 *
 * - headline_category: the categories of `api/Headlines/classifyList`, seeded (football,
 *   basketball, esports, general), in `sort` order.
 * - headline: an article. `body` is the Markdown source (the server renders it to safe HTML on
 *   read); `state` draft | published | hidden (hidden: taken down by moderation or ops);
 *   `source` editor | match_report | seed. A match report carries its `match_id`, unique, so the
 *   demo feed's reports are written once per match however many writers race. Counts are kept
 *   on the row (views, likes exactly with headline_like in the same transaction; comments 0 until
 *   articles take comments). Index (state, published_at desc, id desc) per category and overall:
 *   the keyset lists; (updated_at desc, id desc): the ops list.
 * - headline_read: a member's read of an article (their history), one row per member and article
 *   whose read_at moves on each read. Index (user_id, read_at desc, headline_id desc).
 * - headline_like: one row per member who likes an article (a toggle).
 * - headline_audit: every ops action on an article (create, edit, publish, unpublish, hide).
 * - An index of finished matches by finish time (the report writer looks for finished matches
 *   without a report).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('headline_category')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull().unique().check(sql`key ~ '^[a-z][a-z0-9-]{0,31}$'`))
    .addColumn('name', 'text', (column) => column.notNull().check(sql`char_length(name) between 1 and 10`))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into headline_category (key, name, sort) values
    ('football', '足球', 1), ('basketball', '篮球', 2), ('esports', '电竞', 3), ('general', '综合', 4)`.execute(db);

  await db.schema
    .createTable('headline')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('category_id', 'integer', (column) => column.notNull().references('headline_category.id'))
    .addColumn('title', 'text', (column) => column.notNull().check(sql`char_length(title) between 1 and 80`))
    .addColumn('summary', 'text', (column) => column.notNull().defaultTo('').check(sql`char_length(summary) <= 200`))
    .addColumn('body', 'text', (column) => column.notNull().check(sql`char_length(body) between 1 and 20000`))
    .addColumn('body_format', 'text', (column) => column.notNull().defaultTo('markdown').check(sql`body_format in ('markdown')`))
    .addColumn('cover', 'text', (column) => column.check(sql`cover is null or (char_length(cover) <= 300 and (cover like '/uploads/%' or cover like '/static/%'))`))
    .addColumn('author', 'text', (column) => column.notNull().check(sql`char_length(author) between 1 and 30`))
    .addColumn('editor', 'text')
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('draft').check(sql`state in ('draft', 'published', 'hidden')`))
    .addColumn('source', 'text', (column) => column.notNull().check(sql`source in ('editor', 'match_report', 'seed')`))
    .addColumn('match_id', 'bigint', (column) => column.unique().references('match.id').onDelete('set null'))
    .addColumn('related_match_ids', sql`bigint[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('view_count', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`view_count >= 0`))
    .addColumn('like_count', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`like_count >= 0`))
    .addColumn('comment_count', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`comment_count >= 0`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('headline_published_at', sql`state <> 'published' or published_at is not null`)
    .execute();
  await db.schema.createIndex('headline_published').on('headline').columns(['published_at desc', 'id desc']).where(sql.ref('state'), '=', 'published').execute();
  await db.schema.createIndex('headline_category_published').on('headline').columns(['category_id', 'published_at desc', 'id desc']).where(sql.ref('state'), '=', 'published').execute();
  await db.schema.createIndex('headline_updated').on('headline').columns(['updated_at desc', 'id desc']).execute();

  // The evergreen seed: the site is not empty out of the box (source 'seed', published hours apart).
  const seeds: Array<[string, string, string, string, string]> = [
    ['football', '越位规则全解析：一张图看懂“越位”到底怎么判', '越位是足球里最常被争论的规则，其实判罚只看三个要素。', '编辑部', '## 什么是越位\n\n进攻方球员在队友**传球的一瞬间**，身体的任何可以合法触球的部位比倒数第二名防守球员更靠近对方球门线，即处于越位位置。\n\n## 三个要素\n\n- 传球瞬间的位置，而不是接球时的位置\n- 必须在对方半场\n- 处于越位位置并**参与了比赛**才会被判罚\n\n## 不判越位的情况\n\n1. 直接接球门球、角球或界外球\n2. 与倒数第二名防守球员平行\n\n看懂这些，下次看球时你也能和裁判一起判断。'],
    ['football', '从 4-4-2 到 4-3-3：现代足球阵型的演变', '阵型背后是球队对空间和控球的理解，三十年来的变化一目了然。', '战术观察', '## 4-4-2 的黄金年代\n\n两条四人防线紧凑、分工明确，是上世纪九十年代最流行的阵型。\n\n## 4-2-3-1 与双后腰\n\n为了在中场获得人数优势，越来越多的球队把一名前锋后撤到前腰位置。\n\n## 4-3-3 与高位压迫\n\n边锋内切、边后卫插上，配合**高位逼抢**，成为如今强队的主流选择。\n\n阵型只是起点，球员在场上的移动才决定比赛。'],
    ['basketball', '篮球比赛一节多长？各大联赛规则对比', '同样是篮球，不同联赛的比赛时长、犯规次数和进攻时间都不一样。', '编辑部', '## 比赛时长\n\n- 国际篮联规则：每节 10 分钟，共 4 节\n- 部分职业联赛：每节 12 分钟\n\n## 进攻时间\n\n一次进攻有 **24 秒**，进攻方拿到前场篮板后重置为 14 秒。\n\n## 个人犯规\n\n国际规则下 5 次犯规离场，部分职业联赛为 6 次。\n\n了解这些差异，看不同联赛的比赛时会更有感觉。'],
    ['basketball', '数据怎么看：正负值、真实命中率与效率值', '比赛数据不只是得分和篮板，几个进阶指标帮你读懂一名球员。', '数据栏目', '## 正负值\n\n球员在场时球队的净胜分，反映他对比赛的整体影响。\n\n## 真实命中率\n\n把三分球和罚球一起计算的命中率，比普通命中率更能说明**得分效率**。\n\n## 效率值\n\n把得分、篮板、助攻、抢断、盖帽加总，再减去失误和投丢的球。\n\n单个数据都有局限，结合起来看才更全面。'],
    ['esports', '电竞入门：MOBA 比赛怎么看', '第一次看电竞比赛不知道看哪里？记住这几个关键点就够了。', '电竞频道', '## 对线期\n\n前十几分钟双方在各自的路上发育，注意**补刀数**和经济差。\n\n## 团战\n\n中期开始围绕地图资源爆发团战，阵容搭配和站位决定胜负。\n\n## 运营\n\n- 推塔拿资源\n- 视野控制\n- 关键时刻的决策\n\n看懂这三个阶段，比赛就不再只是满屏的技能特效。'],
    ['esports', '职业选手的一天：训练赛、复盘和作息', '职业电竞并不只是“打游戏”，高强度的训练和复盘才是日常。', '电竞频道', '## 上午：休息与体能\n\n不少战队要求选手保持规律作息，并安排**体能训练**。\n\n## 下午：训练赛\n\n与其他战队约训练赛，演练战术和新阵容。\n\n## 晚上：复盘\n\n教练组逐段回看录像，找出失误和可以改进的细节。\n\n成绩背后，是日复一日的坚持。'],
    ['general', '看直播也要注意：观赛时的健康小贴士', '熬夜看球、久坐追赛，记得照顾好自己的身体。', '编辑部', '## 控制时长\n\n连续观看两小时左右，起身活动几分钟。\n\n## 保护眼睛\n\n- 屏幕亮度与环境光保持一致\n- 每隔一段时间看看远处\n\n## 合理作息\n\n重要比赛可以**看回放**，不必每场都熬夜。\n\n健康的身体，才能陪你看更多精彩的比赛。'],
    ['general', '本站使用指南：比分、直播与社区', '第一次来？三分钟了解如何看比分、进直播间和参与社区讨论。', '编辑部', '## 比分\n\n在比分页可以按足球、篮球查看即时比分，点击比赛进入详情。\n\n## 直播\n\n首页推荐正在直播的房间，关注主播后开播会第一时间看到。\n\n## 社区\n\n在圈子里发动态、评论和点赞，与球迷一起讨论比赛。\n\n祝你观赛愉快！'],
  ];
  for (const [index, [category, title, summary, author, body]] of seeds.entries()) {
    await sql`insert into headline (category_id, title, summary, body, author, state, source, published_at, created_at, updated_at)
      select id, ${title}, ${summary}, ${body}, ${author}, 'published', 'seed',
        date_trunc('milliseconds', now()) - make_interval(hours => ${(index + 1) * 6}), date_trunc('milliseconds', now()), date_trunc('milliseconds', now())
      from headline_category where key = ${category}`.execute(db);
  }

  await db.schema
    .createTable('headline_read')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('headline_id', 'bigint', (column) => column.notNull().references('headline.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('headline_read_pkey', ['user_id', 'headline_id'])
    .execute();
  await db.schema.createIndex('headline_read_history').on('headline_read').columns(['user_id', 'read_at desc', 'headline_id desc']).execute();

  await db.schema
    .createTable('headline_like')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('headline_id', 'bigint', (column) => column.notNull().references('headline.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('headline_like_pkey', ['headline_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('headline_audit')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('headline_id', 'bigint', (column) => column.notNull().references('headline.id').onDelete('cascade'))
    .addColumn('action', 'text', (column) => column.notNull().check(sql`action in ('create', 'edit', 'publish', 'unpublish', 'hide')`))
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('actor_ip', 'text', (column) => column.notNull())
    .addColumn('at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('headline_audit_headline').on('headline_audit').columns(['headline_id', 'id']).execute();

  await db.schema.createIndex('match_finished_idx').on('match').columns(['finished_at desc', 'id']).where(sql.ref('status'), '=', 'finished').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('match_finished_idx').execute();
  await db.schema.dropTable('headline_audit').execute();
  await db.schema.dropTable('headline_like').execute();
  await db.schema.dropTable('headline_read').execute();
  await db.schema.dropTable('headline').execute();
  await db.schema.dropTable('headline_category').execute();
}
