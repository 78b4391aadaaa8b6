import { BigIdSchema, Int4IdSchema, MultilineString } from '@sports/shared/server';
import Fastify from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandlers } from './errorHandler';
import { strictValidatorCompiler } from './requestValidator';

/** The app's validator compiler on a small app of its own: what each request part lets through. */
describe('strictValidatorCompiler', () => {
  const app = Fastify({ logger: false }).setValidatorCompiler(strictValidatorCompiler);
  beforeAll(async () => {
    installErrorHandlers(app);
    const query = Type.Object({
      match_id: BigIdSchema,
      competition_id: Type.Optional(Int4IdSchema),
      flag: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
      ratio: Type.Optional(Type.Number()),
      on: Type.Optional(Type.Boolean()),
      name: Type.Optional(Type.String({ maxLength: 20 })),
    });
    app.get('/query', { schema: { querystring: query } }, async (request) => ({ query: request.query }));
    app.get('/path/:id', { schema: { params: Type.Object({ id: BigIdSchema }) } }, async (request) => ({ params: request.params }));
    const body = Type.Object({
      title: Type.String({ maxLength: 30 }),
      placard: Type.Optional(MultilineString({ maxLength: 200 })),
      tags: Type.Optional(Type.Array(Type.String())),
      extra: Type.Optional(Type.Record(Type.String(), Type.String())),
      choice: Type.Optional(Type.Union([Type.Object({ text: Type.String() }), Type.Null()])),
    });
    app.post('/body', { schema: { body } }, async (request) => ({ body: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject(url);
    return { status: response.statusCode, body: response.json() };
  };
  const post = async (payload: unknown) => {
    const response = await app.inject({ method: 'POST', url: '/body', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
    return { status: response.statusCode, body: response.json() };
  };

  it('reads canonical decimal integers in query strings and path parameters', async () => {
    expect(await get('/query?match_id=16&competition_id=2147483647&flag=1&ratio=-1.5&on=true')).toEqual({
      status: 200,
      body: { query: { match_id: 16, competition_id: 2147483647, flag: 1, ratio: -1.5, on: true } },
    });
    expect(await get('/path/9007199254740991')).toEqual({ status: 200, body: { params: { id: 9007199254740991 } } });
  });

  it.each(['0x10', '1e1', '%2016', '+16', '016', '16.0', '', '-0', '１６', '16abc', 'NaN', 'Infinity'])('refuses %j as an integer, naming the field', async (text) => {
    expect(await get(`/query?match_id=${text}`)).toEqual({ status: 400, body: { code: 1, msg: 'match_id 类型错误', data: null, reason: 'VALIDATION' } });
  });

  it('refuses ids beyond their column', async () => {
    expect((await get('/query?match_id=1e300')).body.msg).toBe('match_id 类型错误');
    expect((await get('/query?match_id=9007199254740992')).body.msg).toBe('match_id 不能大于 9007199254740991');
    expect((await get('/query?match_id=100000000000000000000')).body.msg).toBe('match_id 不能大于 9007199254740991');
    expect((await get('/query?match_id=1&competition_id=3000000000')).body.msg).toBe('competition_id 不能大于 2147483647');
    expect((await get('/query?match_id=0')).body.msg).toBe('match_id 不能小于 1');
    expect((await get('/path/100000000000000000000')).body.msg).toBe('id 不能大于 9007199254740991');
  });

  it('keeps loose texts of other types as they are', async () => {
    expect((await get('/query?match_id=1&flag=-0')).body.msg).toBe('flag 取值无效');
    expect((await get('/query?match_id=1&on=1')).body.msg).toBe('on 类型错误');
    expect((await get('/query?match_id=1&name=0x10')).body).toEqual({ query: { match_id: 1, name: '0x10' } });
  });

  it('refuses control characters in query strings, wherever they are declared', async () => {
    for (const text of ['%00', 'a%00b', 'a%1Fb', '%7F', 'a%0Ab', 'a%09b']) {
      expect(await get(`/query?match_id=1&name=${text}`)).toEqual({ status: 400, body: { code: 1, msg: 'name 不能包含控制字符', data: null, reason: 'VALIDATION' } });
    }
    // A parameter nobody declared (and so nobody reads) does not matter.
    expect((await get('/query?match_id=1&utm=%00')).status).toBe(200);
  });

  it('refuses control characters in bodies, at any depth, keys included', async () => {
    expect((await post({ title: 'a\u0000b' })).body).toEqual({ code: 1, msg: 'title 不能包含控制字符', data: null, reason: 'VALIDATION' });
    expect((await post({ title: 'line\nbreak' })).body.msg).toBe('title 不能包含控制字符');
    expect((await post({ title: 'ok', tags: ['fine', 'bad\u007f'] })).body.msg).toBe('tags.1 不能包含控制字符');
    expect((await post({ title: 'ok', extra: { 'k\u0001': 'v' } })).body.msg).toBe('extra.k\u0001 不能包含控制字符');
    expect((await post({ title: 'ok', extra: { k: 'v\u0000' } })).body.msg).toBe('extra.k 不能包含控制字符');
    expect((await post({ title: 'ok', choice: { text: '\u001b[31m' } })).body.msg).toBe('choice.text 不能包含控制字符');
  });

  it('lets a multiline field break lines, but nothing else', async () => {
    expect(await post({ title: 'ok', placard: '第一行\r\n第二行\t完' })).toEqual({ status: 200, body: { body: { title: 'ok', placard: '第一行\r\n第二行\t完' } } });
    expect((await post({ title: 'ok', placard: 'a\u0000b' })).body.msg).toBe('placard 不能包含控制字符');
    expect((await post({ title: 'ok', placard: 'a\u000bb' })).body.msg).toBe('placard 不能包含控制字符');
  });

  it('does not convert bodies: JSON says the type', async () => {
    expect((await post({ title: 16 })).body.msg).toBe('title 类型错误');
    expect((await post({ title: 'ok', tags: 'x' })).body.msg).toBe('tags 类型错误');
  });
});
