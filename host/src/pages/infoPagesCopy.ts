import { SITE_INFO } from './siteInfo';

/** One section of an information page: a heading and its paragraphs. */
export interface InfoSection {
  heading: string;
  paragraphs: readonly string[];
}

/** The static pages the footer links to (zh-CN); `site`: the site's name (useSiteName). */
export const infoPagesCopy = {
  about: {
    title: '关于我们',
    sections: (site: string): InfoSection[] => [
      {
        heading: `${site}是什么`,
        paragraphs: [
          `${site}是面向球迷的体育直播与比分平台：足球、篮球、电竞高清直播，实时比分与文字直播，赛程、情报与资料库，一站看全。`,
          '主播在这里开播解说，球迷在直播间里聊天、发弹幕、送礼物，在社区里讨论每一场比赛。',
        ],
      },
      {
        heading: '我们的坚持',
        paragraphs: ['比分与赛况以北京时间呈现，来自实时数据源，尽快送达。', '直播内容与聊天遵守相关法律法规与社区规范，发现违规内容请通过直播间的举报入口或联系我们处理。'],
      },
      {
        heading: '运营方',
        paragraphs: [`${SITE_INFO.operator}，${SITE_INFO.address}。`],
      },
    ],
  },
  contact: {
    title: '联系我们',
    intro: (site: string) => `关于账号、充值与提现、直播内容或合作事宜，欢迎联系${site}客服。`,
    email: '客服邮箱',
    phone: '客服电话',
    hours: '服务时间',
    address: '联系地址',
    reportHint: '举报直播间或聊天中的违规内容，也可直接使用直播间里的举报入口，我们会尽快处理。',
  },
  terms: {
    title: '用户协议',
    sections: (site: string): InfoSection[] => [
      {
        heading: '一、协议的接受',
        paragraphs: [`欢迎使用${site}。注册、登录或使用本站服务，即表示你已阅读并同意本协议。`],
      },
      {
        heading: '二、账号',
        paragraphs: ['你以手机号注册账号，应妥善保管密码，不得转让或出借账号；通过你的账号进行的操作视为你本人的操作。'],
      },
      {
        heading: '三、行为规范',
        paragraphs: ['在直播间、聊天、弹幕与社区中，不得发布违法违规、侵权、辱骂、广告或剧透骚扰等内容；违规者可能被禁言、删除内容或限制账号。'],
      },
      {
        heading: '四、虚拟币与礼物',
        paragraphs: ['充值所得金币用于赠送礼物、购买守护等站内服务，赠送后不可撤回；主播收入的提现以站内规则为准。'],
      },
      {
        heading: '五、协议变更',
        paragraphs: [`本协议可能更新，更新后在本页公布。最近更新：${SITE_INFO.policiesUpdated}。`],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    sections: (site: string): InfoSection[] => [
      {
        heading: '我们收集的信息',
        paragraphs: [`${site}为提供服务收集你的手机号、昵称与头像、观看与预约记录，以及充值、送礼和提现所需的交易信息；申请主播时收集实名认证信息。`],
      },
      {
        heading: '我们如何使用',
        paragraphs: ['这些信息仅用于账号登录与安全、直播与聊天功能、交易结算和依法合规的需要，不会出售给任何第三方。'],
      },
      {
        heading: '你的权利',
        paragraphs: ['你可以在个人中心查看和修改个人资料；如需注销账号或删除个人信息，请联系我们。'],
      },
      {
        heading: '更新',
        paragraphs: [`本政策可能更新，更新后在本页公布。最近更新：${SITE_INFO.policiesUpdated}。`],
      },
    ],
  },
} as const;
