import type {
  AliPayInfo,
  ApiClient,
  ApplyWithdrawalQuery,
  ApplyWithdrawalResult,
  BankCardInfo,
  BindAliPayQuery,
  BindBankCardQuery,
  ConversionResult,
  MyAliPay,
  MyBankCard,
  OrderPage,
  OrderTypeList,
  PaymentPasswordRequest,
  PaymentPasswordResult,
  WalletInfo,
  WithdrawalPage,
} from '@sports/shared';

/** The wallet centre's endpoints (member?type=3; server/src/wallet/README.md lists them). */
export const WALLET_PATHS = {
  orders: 'api/Order/getList',
  orderTypes: 'api/Order/getTypeList',
  info: 'api/Balance/info',
  convert: 'api/Balance/conversionBalance',
  withdraw: 'api/Balance/applyForWithdrawal',
  withdrawals: 'api/Balance/withdrawalList',
  bindCard: 'api/Bank_card/bind',
  card: 'api/Bank_card/getInfo',
  bindAliPay: 'api/Bank_card/bindAliPay',
  aliPay: 'api/Bank_card/getAliPayInfo',
  paymentPassword: 'api/Member/paymentPassword',
  /** A type 2 SMS code to the member's own mobile, for changing the payment password (logged in: no captcha). */
  paymentPasswordCode: 'api/Member/paymentPasswordCode',
} as const;

/** Rows of the overview's recent orders. */
export const RECENT_ORDERS = 5;
/** Rows per page of the orders tab and the withdrawal list (更多 follows `next_cursor`). */
export const ORDERS_PAGE_SIZE = 20;

/**
 * Typed calls of the wallet centre over the page's API client (it applies SPEC.md section 8 to every answer).
 * Calls that carry a secret (the payment password, a card number, an Alipay account, the holder's
 * name) go as POST with a JSON body: the server takes them on the same paths as SPEC.md's GETs,
 * and a body, unlike a URL, is kept by no proxy, CDN log or browser history (issue 32).
 */
export function walletApi(api: ApiClient) {
  /** A paid call: GET with its own Idempotency-Key header (the same key again answers the first result). */
  const paid = async <Data>(url: string, params: Record<string, unknown>, idempotencyKey: string) =>
    (await api.request<Data>({ method: 'GET', url, params, headers: { 'Idempotency-Key': idempotencyKey } })).data;
  /** A paid call with a secret: POST with the fields as its body and its Idempotency-Key header. */
  const paidWithSecret = async <Data>(url: string, body: object, idempotencyKey: string) =>
    (await api.request<Data>({ method: 'POST', url, data: body, headers: { 'Idempotency-Key': idempotencyKey } })).data;
  return {
    /** My orders, newest first; `type` filters one kind; `cursor` is the previous page's `next_cursor`. */
    orders: (options: { type?: number; cursor?: string; pageSize?: number } = {}) =>
      api.get<OrderPage>(WALLET_PATHS.orders, {
        page_size: options.pageSize ?? ORDERS_PAGE_SIZE,
        ...(options.type === undefined ? {} : { type: options.type }),
        ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
      }),
    orderTypes: () => api.get<OrderTypeList>(WALLET_PATHS.orderTypes),
    /** Coins, earnings, the conversion rate, the withdrawal rules and what is bound / set. */
    info: () => api.get<WalletInfo>(WALLET_PATHS.info),
    /** Converts `coins` earning coins into coins. */
    convert: (coins: number, idempotencyKey: string) => paid<ConversionResult>(WALLET_PATHS.convert, { coins }, idempotencyKey),
    /** Asks for a withdrawal of `amount` fen to the bound card or Alipay account. */
    withdraw: (request: ApplyWithdrawalQuery, idempotencyKey: string) => paidWithSecret<ApplyWithdrawalResult>(WALLET_PATHS.withdraw, { ...request }, idempotencyKey),
    /** My withdrawals, newest first. */
    withdrawals: (cursor?: string) =>
      api.get<WithdrawalPage>(WALLET_PATHS.withdrawals, { page_size: ORDERS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) }),
    /** Binds (or replaces) the card: POST, the number and the holder in the body. */
    bindCard: (request: BindBankCardQuery) => api.post<BankCardInfo>(WALLET_PATHS.bindCard, { ...request }),
    card: () => api.get<MyBankCard>(WALLET_PATHS.card),
    /** Binds (or replaces) the Alipay account: POST, the account and the holder in the body. */
    bindAliPay: (request: BindAliPayQuery) => api.post<AliPayInfo>(WALLET_PATHS.bindAliPay, { ...request }),
    aliPay: () => api.get<MyAliPay>(WALLET_PATHS.aliPay),
    /** Sets the payment password, or changes it with an SMS code. */
    paymentPassword: (request: PaymentPasswordRequest) => api.post<PaymentPasswordResult>(WALLET_PATHS.paymentPassword, request),
    /** Sends the change code; answers the seconds until another may be asked for. */
    paymentPasswordCode: () => api.post<{ resendAfterSeconds: number }>(WALLET_PATHS.paymentPasswordCode),
  };
}

export type WalletApi = ReturnType<typeof walletApi>;
