import type { MfTelemetryTable, MfReleaseTable, MfRolloutTable, MfAuditTable } from './tables/rollouts';
import type { AppUserTable, UserSessionTable, SmsCodeTable, SmsSendLogTable, LoginFailureTable, ResetFailureTable, CaptchaUsedTable, UploadTable } from './tables/accounts';
import type { CompetitionTable, SeasonTable, TeamTable, PlayerTable, MatchTable, MatchEventTable, MatchStatisticTable, StandingTable, OddsCompanyTable, MatchOddsTable, OddsHistoryTable, MatchIntelTable, MatchAbsenceTable, MatchFavoriteTable, LiveStreamSeqTable } from './tables/scores';
import type { LiveRoomTable, LiveRoomAdminTable, LiveRoomMuteTable, UserFollowTable, LiveScheduleTable, LiveReservationTable, BroadcastTable } from './tables/live';
import type { MemberRealNameTable, AnchorApplicationTable, AnchorApplicationAuditTable, WatchRecordTable, ActivityBannerTable, MemberExpDayTable } from './tables/member';
import type { LedgerAccountTable, LedgerBalanceTable, LedgerTransferSetTable, LedgerTransferTable, ChargeRuleTable, WalletOrderTable, WalletAuditTable } from './tables/wallet';
import type { GiftTable, GiftSendTable } from './tables/gifts';
import type { BankCardTable, PaymentPasswordTable, EarningsConversionTable, WithdrawalTable } from './tables/withdrawals';
import type { GuardTierTable, GuardMembershipTable, GuardPurchaseTable } from './tables/guards';
import type { HornTable, BarrageStyleTable, BarrageTable } from './tables/hornsBarrage';
import type { SensitiveWordTable, SensitiveWordVersionTable, ModerationReportTable, ModerationActionTable } from './tables/moderation';

// Each area's tables live in tables/<area>.ts; importers keep reading them from here.
export * from './tables/rollouts';
export * from './tables/accounts';
export * from './tables/scores';
export * from './tables/live';
export * from './tables/member';
export * from './tables/wallet';
export * from './tables/gifts';
export * from './tables/withdrawals';
export * from './tables/guards';
export * from './tables/hornsBarrage';
export * from './tables/moderation';

/**
 * The typed shape of the database, kept in step with migrations/ by hand.
 * `bigint` columns read as number (see database.ts: int8 is parsed to a safe integer).
 */
export interface Database {
  mf_telemetry: MfTelemetryTable;
  mf_release: MfReleaseTable;
  mf_rollout: MfRolloutTable;
  mf_audit: MfAuditTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  competition: CompetitionTable;
  sms_code: SmsCodeTable;
  sms_send_log: SmsSendLogTable;
  login_failure: LoginFailureTable;
  reset_failure: ResetFailureTable;
  captcha_used: CaptchaUsedTable;
  upload: UploadTable;
  season: SeasonTable;
  team: TeamTable;
  player: PlayerTable;
  match: MatchTable;
  match_event: MatchEventTable;
  match_statistic: MatchStatisticTable;
  standing: StandingTable;
  odds_company: OddsCompanyTable;
  match_odds: MatchOddsTable;
  odds_history: OddsHistoryTable;
  match_intel: MatchIntelTable;
  match_absence: MatchAbsenceTable;
  match_favorite: MatchFavoriteTable;
  live_stream_seq: LiveStreamSeqTable;
  live_room: LiveRoomTable;
  live_room_admin: LiveRoomAdminTable;
  live_room_mute: LiveRoomMuteTable;
  user_follow: UserFollowTable;
  live_schedule: LiveScheduleTable;
  live_reservation: LiveReservationTable;
  broadcast: BroadcastTable;
  member_real_name: MemberRealNameTable;
  anchor_application: AnchorApplicationTable;
  anchor_application_audit: AnchorApplicationAuditTable;
  watch_record: WatchRecordTable;
  activity_banner: ActivityBannerTable;
  member_exp_day: MemberExpDayTable;
  ledger_account: LedgerAccountTable;
  ledger_balance: LedgerBalanceTable;
  ledger_transfer_set: LedgerTransferSetTable;
  ledger_transfer: LedgerTransferTable;
  charge_rule: ChargeRuleTable;
  wallet_order: WalletOrderTable;
  wallet_audit: WalletAuditTable;
  gift: GiftTable;
  gift_send: GiftSendTable;
  bank_card: BankCardTable;
  payment_password: PaymentPasswordTable;
  earnings_conversion: EarningsConversionTable;
  withdrawal: WithdrawalTable;
  guard_tier: GuardTierTable;
  guard_membership: GuardMembershipTable;
  guard_purchase: GuardPurchaseTable;
  horn: HornTable;
  sensitive_word: SensitiveWordTable;
  sensitive_word_version: SensitiveWordVersionTable;
  moderation_report: ModerationReportTable;
  moderation_action: ModerationActionTable;
  barrage_style: BarrageStyleTable;
  barrage: BarrageTable;
}
