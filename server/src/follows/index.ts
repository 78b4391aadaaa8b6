export { followsPlugin, type FollowsPluginOptions } from './followsPlugin';
export { FOLLOW_TARGET_NAMES, FollowService, followerCount, followersSelect } from './followService';
