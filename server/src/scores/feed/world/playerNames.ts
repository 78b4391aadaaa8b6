import type { Rng } from '../engine/prng';

/**
 * Player names as Chinese sites print them: Chinese names for Chinese clubs, transliterated
 * given name · surname for the rest. Made up from common parts, so they look real without being
 * real people.
 */
const CHINESE_SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万严武戴莫孔汤'];
const CHINESE_GIVEN = [...'伟磊涛斌鹏浩宇杰俊博昊哲凯帅超明辉刚强勇毅峰亮波晨阳龙飞翔鑫旭轩然睿航泽楠健彬志宏嘉文永子天成立新华'];

const GIVEN_NAMES = [
  '卢卡斯', '马蒂亚斯', '安德烈', '卡洛斯', '马可', '路易斯', '丹尼尔', '托马斯', '大卫', '塞巴斯蒂安', '亚历山大', '本杰明', '伊万', '马丁',
  '拉斐尔', '费德里科', '迭戈', '胡安', '佩德罗', '米格尔', '哈维', '保罗', '尼古拉斯', '朱利安', '凯文', '詹姆斯', '约书亚', '杰克', '哈里',
  '马库斯', '奥利弗', '威廉', '里卡多', '安东尼奥', '乔纳森', '西蒙', '雷纳托', '布鲁诺', '蒂莫', '莱昂', '弗洛里安', '尼科', '马茨', '伊斯梅尔',
  '穆萨', '易卜拉欣', '阿马杜', '优素福', '埃米尔', '恩佐', '雨果', '泰奥', '阿德里安', '罗德里戈', '加布里埃尔', '若昂', '贡萨洛', '克里斯蒂安',
  '德里克', '泰勒', '杰伦', '德文', '特雷', '贾马尔', '肯尼', '拉塞尔', '凯尔', '布兰登',
];
const SURNAMES = [
  '费尔南德斯', '罗德里格斯', '冈萨雷斯', '马丁内斯', '洛佩斯', '加西亚', '桑切斯', '佩雷斯', '戈麦斯', '迪亚斯', '席尔瓦', '桑托斯', '科斯塔',
  '奥利维拉', '佩雷拉', '史密斯', '约翰逊', '威廉姆斯', '布朗', '琼斯', '米勒', '戴维斯', '威尔逊', '泰勒', '安德森', '杰克逊', '怀特', '哈里斯',
  '汤普森', '罗宾逊', '克拉克', '刘易斯', '沃克', '霍尔', '艾伦', '赖特', '斯科特', '格林', '贝克', '亚当斯', '尼尔森', '希尔', '坎贝尔',
  '米切尔', '罗伯茨', '卡特', '菲利普斯', '埃文斯', '特纳', '帕克', '柯林斯', '爱德华兹', '斯图尔特', '墨菲', '库克', '罗杰斯', '摩根',
  '库珀', '里德', '贝利', '凯利', '霍华德', '穆勒', '施密特', '施耐德', '菲舍尔', '韦伯', '迈耶', '瓦格纳', '贝克尔', '舒尔茨', '霍夫曼',
  '罗西', '鲁索', '费拉里', '埃斯波西托', '比安基', '罗马诺', '科隆博', '里奇', '马里诺', '格列柯', '加洛', '孔蒂', '德卢卡', '曼奇尼',
  '杜邦', '杜兰德', '勒费弗尔', '莫罗', '洛朗', '米歇尔', '勒鲁瓦', '范德贝格', '德容', '扬森', '德弗里斯', '范戴克', '汉森', '佩德森',
  '奥尔森', '拉森', '科瓦奇', '霍瓦特', '诺瓦克', '彼得罗维奇', '约万诺维奇', '尼科利奇', '迪乌夫', '恩迪亚耶', '特拉奥雷', '库利巴利',
  '迪亚拉', '卡马拉', '西塞',
];

export type NameStyle = 'chinese' | 'foreign';

export function playerName(rng: Rng, style: NameStyle): string {
  if (style === 'chinese') {
    const given = rng.chance(0.7) ? rng.pick(CHINESE_GIVEN) + rng.pick(CHINESE_GIVEN) : rng.pick(CHINESE_GIVEN);
    return rng.pick(CHINESE_SURNAMES) + given;
  }
  return `${rng.pick(GIVEN_NAMES)}·${rng.pick(SURNAMES)}`;
}

/** Esports players go by their in-game handles (made up from common parts). */
const HANDLE_STARTS = ['Zeus', 'Bin', 'Knight', 'Tian', 'Kai', 'Shy', 'Lei', 'Ming', 'Xun', 'Hope', 'Elk', 'Jie', 'Wei', 'Ruler', 'Light', 'Crisp', 'Yagao', 'Breathe', 'Tarzan', 'Scout', 'Meiko', 'On', 'Ale', 'Creme', 'Gala', 'Kanavi', 'Wayward', 'Zika', 'Leave', 'Xiaohu', 'Peyz', 'Jiejie', 'Vampire', 'Angel', 'Hang', 'Ucal'];
const HANDLE_ENDS = ['', '', '', 'x', 'er', '7', 'z', 'o'];

export function esportsHandle(rng: Rng): string {
  return `${rng.pick(HANDLE_STARTS)}${rng.pick(HANDLE_ENDS)}`;
}
