// The observability domain's surface: what app.ts may import.
export { type ObservabilityConfig, defaultObservabilityConfig } from './observabilityConfig';
export { collectOpenApi } from './openApiDocs';
export { installRequestMetrics } from './requestMetrics';
export { METRICS_PATH, observabilityPlugin } from './observabilityPlugin';
