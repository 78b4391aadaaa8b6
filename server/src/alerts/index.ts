export { alertsPlugin, type AlertsPluginOptions, type AlertsPort } from './alertsPlugin';
export { type AlertsConfig, defaultAlertsConfig, loadAlertsConfig } from './alertsConfig';
