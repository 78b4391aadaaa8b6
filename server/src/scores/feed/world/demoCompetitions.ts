import type { ScoreSport } from '@sports/shared/server';

/**
 * The demo feed's competitions and their teams: real clubs, Chinese names as Chinese sites write
 * them, and a strength rating (about 70-90) that drives goals, points and odds.
 * `name_zh` must match a row of the competition table (db/seed/competitions.ts).
 */
export interface DemoTeamSpec {
  name_zh: string;
  short_name_zh: string;
  rating: number;
}

export interface DemoCompetitionSpec {
  sport: ScoreSport;
  name_zh: string;
  /** league: one table, rounds; cup: a league phase or groups. */
  format: 'league' | 'cup';
  /** Fixtures a simulated day holds (each team plays at most once a day). */
  dailyFixtures: number;
  /** Season names follow the calendar year (中超) or run across it (Europe, NBA). */
  calendarYearSeason: boolean;
  /** Esports and general (snooker): games a series is played over (best of 3, 5, 7). */
  bestOf?: number;
  /** Basketball period length in game minutes (NBA 12, FIBA 10). */
  periodMinutes?: number;
  /**
   * Planned apart from the other competitions of its sport (own random stream and fixture keys), so
   * adding it left every other competition's fixtures where they were.
   */
  ownSchedule?: boolean;
  /**
   * When the competition is played (China dates 'MM-DD', inclusive; may run across New Year): no
   * fixture is planned outside it (seasonCalendar.ts). None: all year.
   */
  window?: { from: string; to: string };
  /** Cups: the end of the league or group phase (the knockouts follow until the window's end). */
  phaseTo?: string;
  /** Rounds (games a team) of the league or group phase; default a double round robin. */
  rounds?: number;
  /**
   * A tournament whose group stage, once over, the feed sends as finished matches (a round robin of
   * `rounds` matchdays in each group: pastTournaments.ts), its table computed from them.
   */
  pastAsMatches?: boolean;
  /** Cups with groups: team index -> group name; else one table. */
  groups?: readonly { name: string; size: number }[];
  teams: readonly DemoTeamSpec[];
}

const team = (name_zh: string, short_name_zh: string, rating: number): DemoTeamSpec => ({ name_zh, short_name_zh, rating });

const PREMIER_LEAGUE = [
  team('利物浦', '利物浦', 88), team('阿森纳', '阿森纳', 87), team('曼彻斯特城', '曼城', 88), team('切尔西', '切尔西', 84),
  team('纽卡斯尔联', '纽卡斯尔', 82), team('阿斯顿维拉', '维拉', 81), team('托特纳姆热刺', '热刺', 80), team('曼彻斯特联', '曼联', 80),
  team('布莱顿', '布莱顿', 78), team('诺丁汉森林', '诺丁汉', 78), team('水晶宫', '水晶宫', 77), team('富勒姆', '富勒姆', 76),
  team('伯恩茅斯', '伯恩茅斯', 76), team('布伦特福德', '布伦特福德', 76), team('西汉姆联', '西汉姆', 75), team('埃弗顿', '埃弗顿', 75),
  team('伍尔弗汉普顿', '狼队', 74), team('利兹联', '利兹联', 73), team('伯恩利', '伯恩利', 72), team('桑德兰', '桑德兰', 72),
];
const LA_LIGA = [
  team('皇家马德里', '皇马', 89), team('巴塞罗那', '巴萨', 89), team('马德里竞技', '马竞', 85), team('毕尔巴鄂竞技', '毕尔巴鄂', 80),
  team('比利亚雷亚尔', '比利亚雷亚尔', 80), team('皇家贝蒂斯', '贝蒂斯', 78), team('皇家社会', '皇社', 78), team('塞尔塔', '塞尔塔', 76),
  team('赫罗纳', '赫罗纳', 75), team('奥萨苏纳', '奥萨苏纳', 75), team('塞维利亚', '塞维利亚', 76), team('瓦伦西亚', '瓦伦西亚', 75),
  team('巴列卡诺', '巴列卡诺', 74), team('赫塔菲', '赫塔菲', 74), team('马略卡', '马略卡', 74), team('西班牙人', '西班牙人', 74),
  team('阿拉维斯', '阿拉维斯', 73), team('莱万特', '莱万特', 72), team('埃尔切', '埃尔切', 72), team('皇家奥维耶多', '奥维耶多', 71),
];
const SERIE_A = [
  team('国际米兰', '国米', 87), team('那不勒斯', '那不勒斯', 85), team('AC米兰', 'AC米兰', 84), team('尤文图斯', '尤文', 84),
  team('亚特兰大', '亚特兰大', 83), team('罗马', '罗马', 82), team('拉齐奥', '拉齐奥', 80), team('科莫', '科莫', 79),
  team('博洛尼亚', '博洛尼亚', 79), team('佛罗伦萨', '佛罗伦萨', 78), team('都灵', '都灵', 76), team('乌迪内斯', '乌迪内斯', 75),
  team('热那亚', '热那亚', 74), team('萨索洛', '萨索洛', 74), team('卡利亚里', '卡利亚里', 73), team('莱切', '莱切', 72),
  team('帕尔马', '帕尔马', 73), team('维罗纳', '维罗纳', 72), team('比萨', '比萨', 71), team('克雷莫纳', '克雷莫纳', 71),
];
const BUNDESLIGA = [
  team('拜仁慕尼黑', '拜仁', 89), team('勒沃库森', '勒沃库森', 84), team('多特蒙德', '多特', 84), team('RB莱比锡', '莱比锡', 82),
  team('斯图加特', '斯图加特', 80), team('法兰克福', '法兰克福', 80), team('弗赖堡', '弗赖堡', 78), team('霍芬海姆', '霍芬海姆', 78),
  team('门兴格拉德巴赫', '门兴', 76), team('沃尔夫斯堡', '狼堡', 76), team('美因茨', '美因茨', 76), team('云达不莱梅', '不莱梅', 75),
  team('奥格斯堡', '奥格斯堡', 74), team('柏林联合', '柏林联合', 74), team('海登海姆', '海登海姆', 72), team('圣保利', '圣保利', 72),
  team('科隆', '科隆', 73), team('汉堡', '汉堡', 73),
];
const LIGUE_1 = [
  team('巴黎圣日耳曼', '巴黎', 88), team('马赛', '马赛', 82), team('摩纳哥', '摩纳哥', 81), team('里尔', '里尔', 80),
  team('尼斯', '尼斯', 78), team('里昂', '里昂', 79), team('朗斯', '朗斯', 78), team('雷恩', '雷恩', 77),
  team('斯特拉斯堡', '斯特拉斯堡', 77), team('南特', '南特', 74), team('图卢兹', '图卢兹', 75), team('布雷斯特', '布雷斯特', 75),
  team('欧塞尔', '欧塞尔', 72), team('昂热', '昂热', 72), team('勒阿弗尔', '勒阿弗尔', 71), team('洛里昂', '洛里昂', 72),
  team('巴黎FC', '巴黎FC', 72), team('梅斯', '梅斯', 71),
];
const CHINESE_SUPER_LEAGUE = [
  team('上海海港', '海港', 80), team('上海申花', '申花', 79), team('成都蓉城', '蓉城', 79), team('北京国安', '国安', 78),
  team('山东泰山', '泰山', 78), team('天津津门虎', '津门虎', 75), team('浙江队', '浙江', 75), team('河南队', '河南', 74),
  team('青岛西海岸', '西海岸', 72), team('长春亚泰', '亚泰', 72), team('武汉三镇', '三镇', 73), team('深圳新鹏城', '新鹏城', 71),
  team('青岛海牛', '海牛', 72), team('大连英博', '英博', 71), team('梅州客家', '梅州', 71), team('云南玉昆', '玉昆', 72),
];

/** Clubs from the leagues above, found by name, for the cups. */
const byName = (name: string): DemoTeamSpec => {
  const found = [...PREMIER_LEAGUE, ...LA_LIGA, ...SERIE_A, ...BUNDESLIGA, ...LIGUE_1, ...CHINESE_SUPER_LEAGUE].find((candidate) => candidate.name_zh === name);
  if (found === undefined) throw new Error(`demo world: no team ${name}`);
  return found;
};

const CHAMPIONS_LEAGUE = [
  ...['皇家马德里', '巴塞罗那', '拜仁慕尼黑', '曼彻斯特城', '利物浦', '阿森纳', '巴黎圣日耳曼', '国际米兰', '切尔西', '多特蒙德', '马德里竞技', '尤文图斯',
    '那不勒斯', '亚特兰大', '勒沃库森', '纽卡斯尔联', '托特纳姆热刺', '摩纳哥', '马赛', '比利亚雷亚尔', '毕尔巴鄂竞技', '法兰克福'].map(byName),
  team('本菲卡', '本菲卡', 81), team('波尔图', '波尔图', 80), team('葡萄牙体育', '葡萄牙体育', 80), team('阿贾克斯', '阿贾克斯', 79),
  team('埃因霍温', '埃因霍温', 80), team('费耶诺德', '费耶诺德', 78), team('布鲁日', '布鲁日', 78), team('凯尔特人', '凯尔特人', 77),
  team('加拉塔萨雷', '加拉塔萨雷', 79), team('奥林匹亚科斯', '奥林匹亚科斯', 76), team('布拉格斯拉维亚', '斯拉维亚', 75), team('哥本哈根', '哥本哈根', 75),
  team('卡拉巴赫', '卡拉巴赫', 74), team('圣吉罗斯联合', '圣吉罗斯', 75),
];
const EUROPA_LEAGUE = [
  ...['罗马', '阿斯顿维拉', '诺丁汉森林', '里昂', '皇家贝蒂斯', '塞尔塔', '博洛尼亚', '斯图加特', '弗赖堡', '尼斯', '里尔'].map(byName),
  team('布拉加', '布拉加', 76), team('费伦茨瓦罗斯', '费伦茨瓦罗斯', 74), team('格拉斯哥流浪者', '流浪者', 75), team('贝尔格莱德红星', '红星', 75),
  team('伯尔尼年轻人', '年轻人', 73), team('萨尔茨堡红牛', '萨尔茨堡', 77), team('费内巴切', '费内巴切', 78), team('维多利亚皮尔森', '皮尔森', 73),
  team('萨格勒布迪纳摩', '萨格勒布', 73), team('巴塞尔', '巴塞尔', 74), team('乌得勒支', '乌得勒支', 73), team('米迪尔兰', '米迪尔兰', 74),
  team('根克', '根克', 74),
];
const ASIAN_CHAMPIONS_LEAGUE = [
  ...['上海海港', '上海申花', '成都蓉城'].map(byName),
  team('川崎前锋', '川崎', 76), team('横滨水手', '横滨水手', 76), team('神户胜利船', '神户', 77), team('广岛三箭', '广岛', 76),
  team('町田泽维亚', '町田', 75), team('蔚山HD', '蔚山', 76), team('江原FC', '江原', 72), team('首尔FC', '首尔', 73),
  team('武里南联', '武里南', 73),
  team('利雅得新月', '新月', 80), team('吉达国民', '吉达国民', 79), team('利雅得胜利', '利雅得胜利', 80), team('阿尔艾因', '阿尔艾因', 76),
  team('沙巴布阿赫利', '沙巴布阿赫利', 75), team('阿尔萨德', '萨德', 76), team('杜海勒', '杜海勒', 75), team('阿尔瓦赫达', '瓦赫达', 73),
  team('伊蒂法克', '伊蒂法克', 74), team('纳萨夫', '纳萨夫', 72), team('沙尔贾', '沙尔贾', 73), team('艾哈利', '艾哈利', 74),
];

const NBA = [
  team('波士顿凯尔特人', '凯尔特人', 88), team('俄克拉荷马城雷霆', '雷霆', 90), team('克利夫兰骑士', '骑士', 87), team('丹佛掘金', '掘金', 86),
  team('纽约尼克斯', '尼克斯', 86), team('休斯顿火箭', '火箭', 85), team('洛杉矶湖人', '湖人', 85), team('金州勇士', '勇士', 84),
  team('明尼苏达森林狼', '森林狼', 85), team('洛杉矶快船', '快船', 83), team('密尔沃基雄鹿', '雄鹿', 83), team('印第安纳步行者', '步行者', 84),
  team('奥兰多魔术', '魔术', 83), team('孟菲斯灰熊', '灰熊', 82), team('费城76人', '76人', 80), team('迈阿密热火', '热火', 80),
  team('萨克拉门托国王', '国王', 79), team('达拉斯独行侠', '独行侠', 81), team('菲尼克斯太阳', '太阳', 79), team('亚特兰大老鹰', '老鹰', 81),
  team('圣安东尼奥马刺', '马刺', 81), team('底特律活塞', '活塞', 82), team('芝加哥公牛', '公牛', 78), team('波特兰开拓者', '开拓者', 77),
  team('多伦多猛龙', '猛龙', 78), team('新奥尔良鹈鹕', '鹈鹕', 76), team('布鲁克林篮网', '篮网', 74), team('夏洛特黄蜂', '黄蜂', 75),
  team('犹他爵士', '爵士', 73), team('华盛顿奇才', '奇才', 72),
];
const CBA = [
  team('广东华南虎', '广东', 84), team('辽宁本钢', '辽宁', 84), team('上海久事', '上海', 83), team('北京首钢', '北京', 82),
  team('浙江稠州金租', '浙江', 81), team('新疆伊力特', '新疆', 81), team('山西汾酒', '山西', 80), team('深圳马可波罗', '深圳', 79),
  team('青岛国信水产', '青岛', 78), team('广州龙狮', '广州', 78), team('北京控股', '北控', 77), team('天津先行者', '天津', 75),
  team('山东高速', '山东', 78), team('南京头排苏酒', '南京', 76), team('吉林九台农商银行', '吉林', 75), team('福建浔兴股份', '福建', 75),
  team('四川金强', '四川', 74), team('宁波町渥', '宁波', 74), team('江苏肯帝亚', '江苏', 74), team('浙江广厦', '广厦', 82),
];
const EUROLEAGUE = [
  team('皇家马德里', '皇马', 86), team('巴塞罗那', '巴萨', 84), team('奥林匹亚科斯', '奥林匹亚科斯', 86), team('帕纳辛奈科斯', '帕纳辛奈科斯', 86),
  team('费内巴切', '费内巴切', 87), team('摩纳哥', '摩纳哥', 85), team('特拉维夫马卡比', '马卡比', 80), team('贝尔格莱德游击', '游击', 82),
  team('贝尔格莱德红星', '红星', 81), team('米兰奥林匹亚', '米兰', 81), team('巴斯克尼亚', '巴斯克尼亚', 79), team('巴伦西亚', '巴伦西亚', 82),
  team('拜仁慕尼黑', '拜仁', 80), team('阿纳多卢埃菲斯', '埃菲斯', 81), team('萨拉基利斯', '萨拉基利斯', 78), team('巴黎篮球', '巴黎', 79),
  team('特拉维夫夏普尔', '夏普尔', 80), team('迪拜篮球', '迪拜', 79),
];

/** The 2026 World Cup: 48 national teams in 12 groups of four (A-L). */
const WORLD_CUP = [
  team('阿根廷', '阿根廷', 88), team('墨西哥', '墨西哥', 78), team('波兰', '波兰', 77), team('沙特阿拉伯', '沙特', 72),
  team('法国', '法国', 88), team('丹麦', '丹麦', 80), team('突尼斯', '突尼斯', 73), team('澳大利亚', '澳大利亚', 74),
  team('西班牙', '西班牙', 87), team('德国', '德国', 85), team('日本', '日本', 79), team('哥斯达黎加', '哥斯达黎加', 71),
  team('巴西', '巴西', 87), team('瑞士', '瑞士', 79), team('塞尔维亚', '塞尔维亚', 77), team('喀麦隆', '喀麦隆', 73),
  team('英格兰', '英格兰', 87), team('美国', '美国', 78), team('伊朗', '伊朗', 74), team('威尔士', '威尔士', 74),
  team('葡萄牙', '葡萄牙', 86), team('乌拉圭', '乌拉圭', 81), team('韩国', '韩国', 77), team('加纳', '加纳', 73),
  team('荷兰', '荷兰', 85), team('塞内加尔', '塞内加尔', 78), team('厄瓜多尔', '厄瓜多尔', 76), team('卡塔尔', '卡塔尔', 70),
  team('比利时', '比利时', 84), team('克罗地亚', '克罗地亚', 83), team('摩洛哥', '摩洛哥', 81), team('加拿大', '加拿大', 75),
  team('意大利', '意大利', 84), team('哥伦比亚', '哥伦比亚', 80), team('奥地利', '奥地利', 78), team('新西兰', '新西兰', 68),
  team('挪威', '挪威', 80), team('土耳其', '土耳其', 78), team('埃及', '埃及', 75), team('巴拉圭', '巴拉圭', 74),
  team('乌克兰', '乌克兰', 77), team('苏格兰', '苏格兰', 75), team('科特迪瓦', '科特迪瓦', 76), team('乌兹别克斯坦', '乌兹别克', 72),
  team('瑞典', '瑞典', 77), team('阿尔及利亚', '阿尔及利亚', 75), team('中国', '中国', 70), team('约旦', '约旦', 70),
];
const WORLD_CUP_GROUPS = [...'ABCDEFGHIJKL'].map((letter) => ({ name: `${letter}组`, size: 4 }));

const LPL = [
  team('哔哩哔哩电子竞技俱乐部', 'BLG', 86), team('京东电子竞技俱乐部', 'JDG', 83), team('滔搏电子竞技俱乐部', 'TES', 84), team('安徽AL电子竞技俱乐部', 'AL', 82),
  team('北京WBG电子竞技俱乐部', 'WBG', 80), team('深圳NIP电子竞技俱乐部', 'NIP', 78), team('苏州LNG电子竞技俱乐部', 'LNG', 80), team('上海EDG电子竞技俱乐部', 'EDG', 77),
  team('上海IG电子竞技俱乐部', 'IG', 76), team('杭州LGD电子竞技俱乐部', 'LGD', 73), team('成都OMG电子竞技俱乐部', 'OMG', 74), team('西安WE电子竞技俱乐部', 'WE', 75),
  team('FPX电子竞技俱乐部', 'FPX', 75), team('重庆UP电子竞技俱乐部', 'UP', 72), team('广州TT电子竞技俱乐部', 'TT', 73), team('RNG电子竞技俱乐部', 'RNG', 74),
];
const LOL_WORLDS = [
  ...['哔哩哔哩电子竞技俱乐部', '滔搏电子竞技俱乐部', '安徽AL电子竞技俱乐部', '京东电子竞技俱乐部'].map((name) => LPL.find((candidate) => candidate.name_zh === name) ?? team(name, name.slice(0, 3), 80)),
  team('T1电子竞技俱乐部', 'T1', 88), team('Gen.G电子竞技俱乐部', 'GEN', 88), team('韩华生命电子竞技俱乐部', 'HLE', 85), team('KT电子竞技俱乐部', 'KT', 82),
  team('G2电子竞技俱乐部', 'G2', 81), team('Fnatic电子竞技俱乐部', 'FNC', 77), team('FlyQuest电子竞技俱乐部', 'FLY', 77), team('100 Thieves', '100T', 74),
  team('CTBC闪电狼', 'CFO', 76), team('Movistar KOI', 'MKOI', 76), team('Team Secret Whales', 'TSW', 72), team('Vivo Keyd Stars', 'VKS', 71),
];
const KPL = [
  team('成都AG超玩会', 'AG', 86), team('重庆狼队', '狼队', 85), team('武汉eStarPro', 'eStar', 82), team('广州TTG', 'TTG', 80),
  team('北京WB', 'WB', 79), team('长沙TES.A', 'TES.A', 80), team('佛山DRG', 'DRG', 77), team('上海RNG.M', 'RNG.M', 76),
  team('杭州LGD大鹅', 'LGD大鹅', 77), team('南京Hero久竞', 'Hero', 78), team('深圳DYG', 'DYG', 76), team('济南RW侠', 'RW侠', 75),
  team('西安WE', 'WE', 74), team('苏州KSG', 'KSG', 75), team('厦门VG', 'VG', 73), team('上海EDG.M', 'EDG.M', 74),
];
/** Snooker: each side is one player; the tour's event of the month (seasonCalendar.ts) names the round. */
const SNOOKER = [
  team('贾德·特鲁姆普', '特鲁姆普', 88), team('凯伦·威尔逊', '威尔逊', 84), team('罗尼·奥沙利文', '奥沙利文', 86), team('马克·塞尔比', '塞尔比', 84),
  team('约翰·希金斯', '希金斯', 82), team('尼尔·罗伯逊', '罗伯逊', 83), team('赵心童', '赵心童', 85), team('马克·威廉姆斯', '威廉姆斯', 81),
  team('卢卡·布雷切尔', '布雷切尔', 82), team('丁俊晖', '丁俊晖', 82), team('肖恩·墨菲', '墨菲', 82), team('吴宜泽', '吴宜泽', 80),
  team('斯图尔特·宾汉姆', '宾汉姆', 79), team('巴里·霍金斯', '霍金斯', 79), team('司乔·维克斯', '维克斯', 78), team('克里斯·维克林', '维克林', 79),
];

export const DEMO_SCORE_COMPETITIONS: readonly DemoCompetitionSpec[] = [
  { sport: 'football', name_zh: '英格兰足球超级联赛', format: 'league', dailyFixtures: 10, calendarYearSeason: false, window: { from: '08-15', to: '05-25' }, teams: PREMIER_LEAGUE },
  { sport: 'football', name_zh: '西班牙足球甲级联赛', format: 'league', dailyFixtures: 10, calendarYearSeason: false, window: { from: '08-15', to: '05-25' }, teams: LA_LIGA },
  { sport: 'football', name_zh: '意大利足球甲级联赛', format: 'league', dailyFixtures: 10, calendarYearSeason: false, window: { from: '08-20', to: '05-25' }, teams: SERIE_A },
  { sport: 'football', name_zh: '德国足球甲级联赛', format: 'league', dailyFixtures: 9, calendarYearSeason: false, window: { from: '08-22', to: '05-20' }, teams: BUNDESLIGA },
  { sport: 'football', name_zh: '法国足球甲级联赛', format: 'league', dailyFixtures: 9, calendarYearSeason: false, window: { from: '08-15', to: '05-20' }, teams: LIGUE_1 },
  { sport: 'football', name_zh: '中国足球协会超级联赛', format: 'league', dailyFixtures: 8, calendarYearSeason: true, window: { from: '03-01', to: '11-30' }, teams: CHINESE_SUPER_LEAGUE },
  { sport: 'football', name_zh: '欧洲冠军联赛', format: 'cup', dailyFixtures: 6, calendarYearSeason: false, window: { from: '09-15', to: '05-31' }, phaseTo: '01-31', rounds: 8, teams: CHAMPIONS_LEAGUE },
  { sport: 'football', name_zh: '欧洲联赛', format: 'cup', dailyFixtures: 6, calendarYearSeason: false, window: { from: '09-20', to: '05-25' }, phaseTo: '01-31', rounds: 8, teams: EUROPA_LEAGUE },
  {
    sport: 'football',
    name_zh: '亚足联冠军联赛',
    format: 'cup',
    dailyFixtures: 4,
    calendarYearSeason: false,
    window: { from: '09-15', to: '05-10' },
    phaseTo: '02-20',
    rounds: 8,
    groups: [
      { name: '东亚区', size: 12 },
      { name: '西亚区', size: 12 },
    ],
    teams: ASIAN_CHAMPIONS_LEAGUE,
  },
  // Last of the football list: planDay gives it its own slots, so adding it moved no other fixture.
  { sport: 'football', name_zh: '国际足联世界杯', format: 'cup', dailyFixtures: 8, calendarYearSeason: true, ownSchedule: true, window: { from: '06-11', to: '07-19' }, phaseTo: '06-27', rounds: 3, pastAsMatches: true, groups: WORLD_CUP_GROUPS, teams: WORLD_CUP },
  { sport: 'basketball', name_zh: '美国职业篮球联赛', format: 'league', dailyFixtures: 15, calendarYearSeason: false, periodMinutes: 12, window: { from: '10-20', to: '04-15' }, rounds: 82, teams: NBA },
  { sport: 'basketball', name_zh: '中国男子篮球职业联赛', format: 'league', dailyFixtures: 10, calendarYearSeason: false, periodMinutes: 10, window: { from: '10-10', to: '04-20' }, teams: CBA },
  { sport: 'basketball', name_zh: '欧洲篮球冠军联赛', format: 'league', dailyFixtures: 9, calendarYearSeason: false, periodMinutes: 10, window: { from: '10-01', to: '05-25' }, teams: EUROLEAGUE },
  // Series sports: planned on their own random streams (schedule.ts), so football and basketball kept their fixtures.
  { sport: 'esports', name_zh: '英雄联盟职业联赛', format: 'league', dailyFixtures: 8, calendarYearSeason: true, bestOf: 3, window: { from: '01-10', to: '09-10' }, teams: LPL },
  { sport: 'esports', name_zh: '英雄联盟全球总决赛', format: 'cup', dailyFixtures: 6, calendarYearSeason: true, bestOf: 5, window: { from: '09-25', to: '11-10' }, phaseTo: '10-20', rounds: 5, teams: LOL_WORLDS },
  { sport: 'esports', name_zh: '王者荣耀职业联赛', format: 'league', dailyFixtures: 8, calendarYearSeason: true, bestOf: 5, teams: KPL },
    // The tour, not one event: its event of the month (seasonCalendar.ts) names the round and sets the best-of.
  { sport: 'general', name_zh: '世界斯诺克巡回赛', format: 'cup', dailyFixtures: 8, calendarYearSeason: false, bestOf: 11, teams: SNOOKER },
];
