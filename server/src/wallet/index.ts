// The wallet domain's surface.
export { type WalletOptions, walletPlugin } from './walletPlugin';
export { type WalletConfig, defaultWalletConfig, loadWalletConfig } from './walletConfig';
export { type AccountRef, type Leg, type LedgerOptions, type TransferResult, type LedgerUnit, type TransferSetInput, balanceOf, transfer, type EscrowBatchPayout, transferEscrowToMember, transferEscrowToMembers, transferNow, unitOf } from './ledger';
export { checkLedger } from './ledgerCheck';
// A paid action's line in the member's records (`api/Order/getList`), written in its set's transaction.
export { type OrderRecord, recordOrder, recordOrders } from './orders';
// The member's Idempotency-Key header, as every paid call reads it (predictions' stakes too).
export { idempotencyKeyOf } from './walletRoutes';
