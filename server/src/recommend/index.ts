export { type RecommendPluginOptions, recommendPlugin } from './recommendPlugin';
