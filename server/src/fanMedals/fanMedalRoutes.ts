import {
  Envelope,
  FanMedalListSchema,
  FanMedalRoomFansQuerySchema,
  FanMedalRoomFansSchema,
  FanMedalSetNameRequestSchema,
  FanMedalSetNameResultSchema,
  FanMedalWearRequestSchema,
  FanMedalWearResultSchema,
} from '@sports/shared/server';
import { sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import type { FanMedalService } from './fanMedalService';
import type { ChatMedalChange } from '../chat/index';

export interface FanMedalRoutesOptions {
  service: FanMedalService;
  /** A wear or a rename: every node's worn-medal cache follows at once (`app.chatHub.medalChanged`). */
  medalChanged: (change: ChatMedalChange) => void;
  /** The one sensitive-word filter: true when the text may be published. */
  allowed: (text: string) => boolean;
}

/**
 * The fan medals API (issue 35; fanMedals/README.md), in the envelope: `api/FanMedal/list` (the
 * member's medals), `wear` (one or none), `roomFans` (an anchor's fans list 粉丝榜, keyset),
 * `setName` (the anchor names the medal).
 */
export async function fanMedalRoutes(app: App, options: FanMedalRoutesOptions): Promise<void> {
  const { service, medalChanged } = options;
  const login = { preHandler: app.requireLogin };

  app.get('/api/FanMedal/list', { ...login, schema: { summary: '我的粉丝勋章: the member\'s medals (login), highest intimacy first, the worn one marked', response: { 200: Envelope(FanMedalListSchema) } } }, async (request) => ok(await service.list(sessionOf(request).user.id)));

  app.post('/api/FanMedal/wear', { ...login, schema: { summary: 'Wear one medal ({anchor_id}) or none ({anchor_id: null}); a medal the member does not have: FAN_MEDAL_NOT_OWNED', body: FanMedalWearRequestSchema, response: { 200: Envelope(FanMedalWearResultSchema) } } }, async (request) => {
    const memberId = sessionOf(request).user.id;
    const anchorId = await service.wear(memberId, request.body.anchor_id);
    // The next line in any room, on any node, shows it (the caches drop the member's entry).
    medalChanged({ kind: 'worn', userId: memberId });
    return ok({ worn_anchor_id: anchorId });
  });

  app.get('/api/FanMedal/roomFans', { schema: { summary: '粉丝榜: an anchor\'s fans (by anchor_id or room_id), highest intimacy first, keyset by next_cursor', querystring: FanMedalRoomFansQuerySchema, response: { 200: Envelope(FanMedalRoomFansSchema) } } }, async (request) => {
    const query = request.query;
    if ((query.anchor_id === undefined) === (query.room_id === undefined)) throw errors.FAN_MEDAL_FANS_SELECTOR();
    const anchorId = query.anchor_id ?? (await service.anchorOfRoom(query.room_id as number));
    return ok(await service.roomFans(anchorId, query.cursor, query.limit));
  });

  app.post('/api/FanMedal/setName', { ...login, schema: { summary: 'The anchor names the medal: 2-4 characters (Chinese, letters, digits), through the word filter', body: FanMedalSetNameRequestSchema, response: { 200: Envelope(FanMedalSetNameResultSchema) } } }, async (request) => {
    const result = await service.setName(sessionOf(request).user.id, request.body.name, options.allowed);
    medalChanged({ kind: 'renamed', anchorId: result.anchor_id, name: result.name });
    return ok(result);
  });
}
