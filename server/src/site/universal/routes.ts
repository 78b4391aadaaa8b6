import { Envelope, SystemConfigSchema } from '@sports/shared/server';
import type { ChatConfig } from '../../chat/index';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { getSystemConfig } from './service';
import type { DownloadConfig } from '../download/downloadConfig';

/** `api/universal/getHot`: the configuration the page starts with. */
export async function universalRoutes(app: App, { chat, download }: { chat?: ChatConfig; download?: DownloadConfig }): Promise<void> {
  app.get('/api/universal/getHot', { schema: { response: { 200: Envelope(SystemConfigSchema) } } }, async () => ok(getSystemConfig(chat, download)));
}
