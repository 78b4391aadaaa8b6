// The lotteries domain's surface (README.md).
export { type LotteriesPluginOptions, lotteriesPlugin } from './lotteriesPlugin';
export { type LotteriesConfig, defaultLotteriesConfig, loadLotteriesConfig } from './lotteriesConfig';
export { drawWinners, lotteryTicket } from './lotteryDraw';
