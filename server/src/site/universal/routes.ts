import { Envelope, SystemConfigSchema, TouristAccountSchema } from '@sports/shared/server';
import { type ChatConfig, defaultChatConfig } from '../../chat/chatConfig';
import type { GuestSigner } from '../../chat/guestSignature';
import { issueTouristAccount } from '../../chat/userSig';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { getSystemConfig } from './service';

/** `api/universal/*`: site-wide configuration. */
export async function universalRoutes(app: App, { guestSigner, chat }: { guestSigner: GuestSigner; chat?: ChatConfig }): Promise<void> {
  app.get('/api/universal/getHot', { schema: { response: { 200: Envelope(SystemConfigSchema) } } }, async () => ok(getSystemConfig(chat)));

  // A guest chat identity signed by the server for the configured IM (the keys stay here); nothing is stored.
  app.get('/api/Universal/imTouristAccount', { schema: { response: { 200: Envelope(TouristAccountSchema) } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(issueTouristAccount(chat ?? defaultChatConfig(), guestSigner));
  });
}
