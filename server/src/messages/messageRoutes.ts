import { Envelope, MessageListQuerySchema, MessageListSchema, MessageReadAllRequestSchema, MessageReadRequestSchema, MessageUnreadCountSchema } from '@sports/shared/server';
import { sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import type { MessageService } from './messageService';

/** `api/Message/*` (issue 39 part 5; messages/README.md), in the envelope, signed in: a member's own messages only. */
export async function messageRoutes(app: App, { service }: { service: MessageService }): Promise<void> {
  const login = { preHandler: app.requireLogin };

  app.get('/api/Message/list', { ...login, schema: { summary: '消息中心: my messages of one tab (system 系统通知, interaction 互动, match 赛事), newest first, 20 a page, keyset by next_cursor', querystring: MessageListQuerySchema, response: { 200: Envelope(MessageListSchema) } } }, async (request) =>
    ok(await service.list(sessionOf(request).user.id, request.query.tab, request.query.cursor)),
  );

  app.get('/api/Message/unreadCount', { ...login, schema: { summary: 'My unread messages: per tab and in total (the badge)', response: { 200: Envelope(MessageUnreadCountSchema) } } }, async (request) =>
    ok(await service.unreadCount(sessionOf(request).user.id)),
  );

  app.post('/api/Message/read', { config: { changesState: true }, ...login, schema: { summary: 'Mark my messages read: {id} or {ids} (at most 100); an unknown id or another member\'s refuses them all (MESSAGE_NOT_FOUND); answers the unread counts', body: MessageReadRequestSchema, response: { 200: Envelope(MessageUnreadCountSchema) } } }, async (request) => {
    const ids = [...(request.body.id === undefined ? [] : [request.body.id]), ...(request.body.ids ?? [])];
    if (ids.length === 0) throw errors.MESSAGE_READ_NOTHING();
    return ok(await service.read(sessionOf(request).user.id, ids));
  });

  app.post('/api/Message/readAll', { config: { changesState: true }, ...login, schema: { summary: '全部已读: every message of mine read (of one tab when given); answers the unread counts', body: MessageReadAllRequestSchema, response: { 200: Envelope(MessageUnreadCountSchema) } } }, async (request) =>
    ok(await service.readAll(sessionOf(request).user.id, request.body.tab)),
  );
}
