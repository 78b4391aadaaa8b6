// The site domain's surface.
export { type SitePluginOptions, sitePlugin } from './sitePlugin';
export { getSystemConfig } from './universal/service';
export { type DownloadConfig, loadDownloadConfig } from './download/downloadConfig';
