// The red packets domain's surface (README.md).
export { type RedPacketsPluginOptions, redPacketsPlugin } from './redPacketsPlugin';
export { type RedPacketsConfig, defaultRedPacketsConfig, loadRedPacketsConfig } from './redPacketsConfig';
export { newSeed, seedHash, splitPacket } from './redPacketSplit';
