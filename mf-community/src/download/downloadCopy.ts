/** UI copy of the download page (zh-CN). */
export const downloadCopy = {
  failed: '下载信息加载失败',
  qrTitle: '扫码下载',
  qrAlt: '手机扫码打开移动版的二维码',
  qrHint: '用手机相机或微信扫一扫，打开移动版并下载客户端。',
  stores: '应用商店',
  ios: 'App Store 下载（iPhone / iPad）',
  android: 'Android 下载',
  h5: '移动版网址',
  steps: '安装说明',
  stepList: [
    '用手机扫描左侧二维码，或在手机浏览器输入移动版网址。',
    'iPhone / iPad：点击“App Store 下载”，在 App Store 中安装。',
    'Android：点击“Android 下载”，按提示允许安装并完成安装。',
    '打开客户端，用手机号登录，关注的主播和收藏的比赛会同步过来。',
  ],
};
