import type { Migration } from 'kysely/migration';
import * as platform0001 from './0001_platform';
import * as accounts0002 from './0002_accounts';
import * as mfReleases0003 from './0003_mf_releases';
import * as scores0004 from './0004_scores';
import * as liveRooms0005 from './0005_live_rooms';
import * as accountHardening0006 from './0006_account_hardening';
import * as mfWithdrawnReleases0007 from './0007_mf_withdrawn_releases';
import * as memberCentre0008 from './0008_member_centre';
import * as memberExp0009 from './0009_member_exp';
import * as nicknameKey0010 from './0010_nickname_key';
import * as walletLedger0011 from './0011_wallet_ledger';
import * as gifts0012 from './0012_gifts';
import * as walletOrders0013 from './0013_wallet_orders';
import * as guards0014 from './0014_guards';
import * as hornsBarrage0015 from './0015_horns_barrage';
import * as withdrawals0016 from './0016_withdrawals';
import * as moderation0017 from './0017_moderation';
import * as headlines0019 from './0019_headlines';
import * as communityPosts0018 from './0018_community_posts';
import * as search0021 from './0021_search';
import * as giftBatches0022 from './0022_gift_batches';
import * as headlineComments0023 from './0023_headline_comments';
import * as seriesSports0024 from './0024_series_sports';
import * as giftBatchesSetBased0025 from './0025_gift_batches_set_based';
import * as mfRouteManifests0026 from './0026_mf_route_manifests';
import * as identityChecks0027 from './0027_identity_checks';
import * as searchKeys0028 from './0028_search_keys';
import * as testRooms0029 from './0029_test_rooms';
import * as mediaArchive0030 from './0030_media_archive';
import * as replayDetails0032 from './0032_replay_details';
import * as roomMatchSince0033 from './0033_room_match_since';
import * as clips0031 from './0031_clips';
import * as fanMedals0035 from './0035_fan_medals';
import * as predictions0036 from './0036_predictions';
import * as redPackets0037 from './0037_red_packets';
import * as lotteries0038 from './0038_lotteries';
import * as giftBatchFanMedals0039 from './0039_gift_batch_fan_medals';
import * as walletOrderRedPacketsLotteries0040 from './0040_wallet_order_red_packets_lotteries';
import * as matchPenaltyShootout0041 from './0041_match_penalty_shootout';
import * as memberMessages0042 from './0042_member_messages';
import * as memberFollows0043 from './0043_member_follows';
import * as matchAlerts0044 from './0044_match_alerts';
import * as matchCentre0046 from './0046_match_centre';
import * as matchCentreEvents0047 from './0047_match_centre_events';
import * as mediaOrigin0048 from './0048_media_origin';
import * as points0034 from './0034_points';
import * as alertMessagesQuiet0050 from './0050_alert_messages_quiet';
import * as mediaAudienceAndOriginHls0051 from './0051_media_audience_and_origin_hls';

/**
 * Every migration, imported statically (no folder scanning: works the same under tsx, vitest and
 * a bundle). Names sort in the order they run; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_platform': platform0001,
  '0002_accounts': accounts0002,
  '0003_mf_releases': mfReleases0003,
  '0004_scores': scores0004,
  '0005_live_rooms': liveRooms0005,
  '0006_account_hardening': accountHardening0006,
  '0007_mf_withdrawn_releases': mfWithdrawnReleases0007,
  '0008_member_centre': memberCentre0008,
  '0009_member_exp': memberExp0009,
  '0010_nickname_key': nicknameKey0010,
  '0011_wallet_ledger': walletLedger0011,
  '0012_gifts': gifts0012,
  '0013_wallet_orders': walletOrders0013,
  '0014_guards': guards0014,
  '0015_horns_barrage': hornsBarrage0015,
  '0016_withdrawals': withdrawals0016,
  '0017_moderation': moderation0017,
  '0018_community_posts': communityPosts0018,
  '0019_headlines': headlines0019,
  '0021_search': search0021,
  '0022_gift_batches': giftBatches0022,
  '0023_headline_comments': headlineComments0023,
  '0024_series_sports': seriesSports0024,
  '0025_gift_batches_set_based': giftBatchesSetBased0025,
  '0026_mf_route_manifests': mfRouteManifests0026,
  '0027_identity_checks': identityChecks0027,
  '0028_search_keys': searchKeys0028,
  '0029_test_rooms': testRooms0029,
  '0030_media_archive': mediaArchive0030,
  '0031_clips': clips0031,
  '0032_replay_details': replayDetails0032,
  '0033_room_match_since': roomMatchSince0033,
  '0034_points': points0034,
  '0035_fan_medals': fanMedals0035,
  '0036_predictions': predictions0036,
  '0037_red_packets': redPackets0037,
  '0038_lotteries': lotteries0038,
  '0039_gift_batch_fan_medals': giftBatchFanMedals0039,
  '0040_wallet_order_red_packets_lotteries': walletOrderRedPacketsLotteries0040,
  '0041_match_penalty_shootout': matchPenaltyShootout0041,
  '0042_member_messages': memberMessages0042,
  '0043_member_follows': memberFollows0043,
  '0044_match_alerts': matchAlerts0044,
  '0046_match_centre': matchCentre0046,
  '0047_match_centre_events': matchCentreEvents0047,
  '0048_media_origin': mediaOrigin0048,
  '0050_alert_messages_quiet': alertMessagesQuiet0050,
  '0051_media_audience_and_origin_hls': mediaAudienceAndOriginHls0051,
};
