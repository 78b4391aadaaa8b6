import { Envelope, SystemConfigSchema } from '@sports/shared/server';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { getSystemConfig } from './service';

/** `api/universal/*`: site-wide configuration. */
export async function universalRoutes(app: App): Promise<void> {
  app.get('/api/universal/getHot', { schema: { response: { 200: Envelope(SystemConfigSchema) } } }, async () => ok(getSystemConfig()));
}
