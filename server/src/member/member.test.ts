import fs from 'node:fs/promises';
import path from 'node:path';
import { AvatarChoiceSchema, ResponseCode, TouristAccountSchema, UploadTokenSchema, UserProfileSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { verifyGuest } from '../chat/guestSignature';
import { XHR, accountsTestOptions, createManualClock, registerUser } from '../testing/accounts';
import { TINY_PNG } from '../testing/images';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { MAX_UPLOAD_BYTES } from '../uploads/service';
import { PRESET_AVATARS } from '../accounts/avatars';
import { errors } from '../infra/http/errorCatalogue';

/** A multipart/form-data body with the given parts, in order. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----sportsTestBoundary7d1f';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.type !== undefined ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('member profile, avatars, uploads and guest chat accounts', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  /** One user for all the refusals (each leaves it unchanged). */
  let validationUser: ReturnType<typeof registerUser> | undefined;
  const updateInfo = (token: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/member/updateInfo', headers: { token }, payload: payload as object });
  const uploadToken = async (token: string) => (await ctx.app.inject({ method: 'POST', url: '/api/Member/getQiniuToken', headers: { token } })).json();
  const upload = (parts: Parameters<typeof multipart>[0], headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return ctx.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const png = (uploadTokenValue: string, bytes: Buffer = TINY_PNG, filename = 'me.png', type = 'image/png') =>
    upload([
      { name: 'token', value: uploadTokenValue },
      { name: 'file', value: bytes, filename, type },
    ]);

  it('lists 8 preset avatars that are real SVG files served by this server', async () => {
    const { code, data } = (await ctx.app.inject('/api/user/avatarList')).json();
    expect(code).toBe(200);
    expect(data).toHaveLength(8);
    for (const avatar of data) {
      expect(Value.Check(AvatarChoiceSchema, avatar)).toBe(true);
      const file = await ctx.app.inject(avatar.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.body).toMatch(/^<svg /);
      expect(file.body).not.toMatch(/<script|on\w+=/i);
    }
    expect((await ctx.app.inject('/static/avatars/../../package.json')).statusCode).toBe(404);
  });

  it('GET api/user/info and api/Member/info answer the UserProfile; 700 without a token', async () => {
    const user = await registerUser(ctx);
    for (const url of ['/api/user/info', '/api/Member/info', '/api/member/INFO']) {
      const body = (await ctx.app.inject({ url, headers: { token: user.token } })).json();
      expect(body.code).toBe(200);
      expect(Value.Check(UserProfileSchema, body.data)).toBe(true);
      expect(body.data.id).toBe(user.id);
      expect((await ctx.app.inject(url)).json()).toMatchObject({ code: ResponseCode.LoginRequired, data: null });
    }
    for (const [method, url] of [
      ['POST', '/api/member/updateInfo'],
      ['POST', '/api/Member/getQiniuToken'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: {} })).json().code).toBe(ResponseCode.LoginRequired);
    }
  });

  it('updates the nickname (trimmed) and a preset avatar', async () => {
    const user = await registerUser(ctx);
    const avatar = PRESET_AVATARS[3]?.url;
    const response = await updateInfo(user.token, { user_nickname: '  球迷老王  ', avatar });
    expect(response.json()).toMatchObject({ code: 200, data: { id: user.id, user_nickname: '球迷老王', avatar } });
    expect((await ctx.app.inject({ url: '/api/user/info', headers: { token: user.token } })).json().data).toMatchObject({ user_nickname: '球迷老王', avatar });
    // Script text is data: stored and answered as JSON, never interpreted.
    const script = await updateInfo(user.token, { user_nickname: '<b>x</b>' });
    expect(script.json().data.user_nickname).toBe('<b>x</b>');
    expect(script.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    [{ user_nickname: '' }, 'user_nickname 不能为空', 'VALIDATION'],
    [{ user_nickname: '   ' }, errors.NICKNAME_EMPTY.message, 'NICKNAME_EMPTY'],
    [{ user_nickname: 'x'.repeat(17) }, 'user_nickname 长度不能超过 16 个字符', 'VALIDATION'],
    // Control characters are refused for every field by the validator (http/requestValidator.ts).
    [{ user_nickname: 'a\u0000b' }, 'user_nickname 不能包含控制字符', 'VALIDATION'],
    [{ user_nickname: 'ab\u202ecd' }, errors.NICKNAME_INVALID.message, 'NICKNAME_INVALID'],
    [{ user_nickname: 12 }, 'user_nickname 类型错误', 'VALIDATION'],
    [{ user_nickname: '系统消息' }, errors.NICKNAME_RESERVED.message, 'NICKNAME_RESERVED'],
    [{ user_nickname: ' ＡＤＭＩＮ ' }, errors.NICKNAME_RESERVED.message, 'NICKNAME_RESERVED'],
    [{ user_nickname: '用户1234' }, errors.NICKNAME_RESERVED.message, 'NICKNAME_RESERVED'],
    [{ user_nickname: '球迷傻逼' }, errors.NICKNAME_BLOCKED.message, 'NICKNAME_BLOCKED'],
    [{ user_nickname: 'F.U.C.K哥' }, errors.NICKNAME_BLOCKED.message, 'NICKNAME_BLOCKED'],
    [{ avatar: 'https://evil.example/x.png' }, errors.AVATAR_INVALID.message, 'AVATAR_INVALID'],
    [{ avatar: 'javascript:alert(1)' }, errors.AVATAR_INVALID.message, 'AVATAR_INVALID'],
    [{ avatar: '/static/avatars/../../../etc/passwd' }, errors.AVATAR_INVALID.message, 'AVATAR_INVALID'],
    [{ avatar: '/uploads/0123456789abcdef0123456789abcdef.png' }, errors.AVATAR_INVALID.message, 'AVATAR_INVALID'],
    [{ avatar: 'x'.repeat(301) }, 'avatar 长度不能超过 300 个字符', 'VALIDATION'],
    [{}, errors.PROFILE_NOTHING_TO_CHANGE.message, 'PROFILE_NOTHING_TO_CHANGE'],
    [{ balance: 100 }, '不支持的参数 balance', 'VALIDATION'],
    [{ is_anchor: 1 }, '不支持的参数 is_anchor', 'VALIDATION'],
  ])('refuses %j, changing nothing', async (payload, msg, reason) => {
    validationUser ??= registerUser(ctx);
    const user = await validationUser;
    const before = await ctx.db.selectFrom('app_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect((await updateInfo(user.token, payload)).json()).toEqual({ code: 1, msg, data: null, reason });
    expect(await ctx.db.selectFrom('app_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('nicknames use the one sensitive-word list (moderation/): a word ops add is refused at once, a word they remove is allowed again', async () => {
    const user = await registerUser(ctx);
    const name = `看球黑哨${user.id}`;
    await ctx.db.insertInto('sensitive_word').values({ word: '黑哨', created_by: 'test' }).execute();
    await ctx.app.moderation.reloadWords();
    expect((await updateInfo(user.token, { user_nickname: name })).json()).toMatchObject({ code: 1, reason: 'NICKNAME_BLOCKED' });
    expect((await updateInfo(user.token, { user_nickname: '看球黑 . 哨' })).json()).toMatchObject({ code: 1, reason: 'NICKNAME_BLOCKED' });
    await ctx.db.deleteFrom('sensitive_word').where('word', '=', '黑哨').execute();
    await ctx.app.moderation.reloadWords();
    expect((await updateInfo(user.token, { user_nickname: name })).json().code).toBe(200);
  });

  it('a chosen nickname is nobody else\'s, compared without case, width or spaces; one\'s own can be saved again', async () => {
    const first = await registerUser(ctx);
    const second = await registerUser(ctx);
    const name = `球迷Ace${first.id}`;
    expect((await updateInfo(first.token, { user_nickname: name })).json().code).toBe(200);
    expect((await updateInfo(first.token, { user_nickname: name })).json().code).toBe(200);
    for (const lookalike of [name, name.toLowerCase(), ` ${name.replace('Ace', 'ＡＣＥ')} `, name.replace('球迷', '球 迷')]) {
      const answer = (await updateInfo(second.token, { user_nickname: lookalike })).json();
      expect(answer).toEqual({ code: 1, msg: errors.NICKNAME_TAKEN.message, data: null, reason: 'NICKNAME_TAKEN' });
    }
    // Given up, the name is free again.
    expect((await updateInfo(first.token, { user_nickname: `老球迷${first.id}` })).json().code).toBe(200);
    expect((await updateInfo(second.token, { user_nickname: name })).json().code).toBe(200);
  });

  it('two members taking one nickname at the same moment: exactly one gets it', async () => {
    const users = await Promise.all([registerUser(ctx), registerUser(ctx), registerUser(ctx)]);
    const name = `抢名字${users[0].id}`;
    const answers = await Promise.all(users.map(async (user) => (await updateInfo(user.token, { user_nickname: name })).json()));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.reason === 'NICKNAME_TAKEN')).toHaveLength(2);
    const holders = await ctx.db.selectFrom('app_user').select('id').where('user_nickname', '=', name).execute();
    expect(holders).toHaveLength(1);
  });

  it('uploads a png with a one-time token; the file is served under a random name and can be the avatar', async () => {
    const user = await registerUser(ctx);
    const grant = await uploadToken(user.token);
    expect(grant.code).toBe(200);
    expect(Value.Check(UploadTokenSchema, grant.data)).toBe(true);
    expect(grant.data).toMatchObject({
      token: expect.stringMatching(/^up_[A-Za-z0-9_-]{43}$/),
      uploadUrl: '/api/upload',
      maxBytes: MAX_UPLOAD_BYTES,
      allowedTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
      expiresAt: new Date(clock().getTime() + 10 * 60_000).toISOString(),
    });

    const stored = await png(grant.data.token, TINY_PNG, '../../evil.html', 'text/html');
    expect(stored.json()).toEqual({ code: 200, msg: '', data: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/) } });
    const url: string = stored.json().data.url;
    const served = await ctx.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(await fs.readdir(path.join(ctx.dataDir, 'uploads'))).toContain(url.slice('/uploads/'.length));

    // Reusing the token is refused.
    expect((await png(grant.data.token)).json()).toEqual({ code: 1, msg: errors.UPLOAD_TOKEN_INVALID.message, data: null, reason: 'UPLOAD_TOKEN_INVALID' });

    expect((await updateInfo(user.token, { avatar: url })).json().data.avatar).toBe(url);
    // Another user's upload is not an avatar for me.
    const other = await registerUser(ctx);
    expect((await updateInfo(other.token, { avatar: url })).json()).toEqual({ code: 1, msg: errors.AVATAR_INVALID.message, data: null, reason: 'AVATAR_INVALID' });
  });

  it('refuses a fake png, an oversized file, an expired token and a missing token, storing nothing', async () => {
    const user = await registerUser(ctx);
    const filesBefore = await fs.readdir(path.join(ctx.dataDir, 'uploads'));
    const fake = await uploadToken(user.token);
    expect((await png(fake.data.token, Buffer.from('<svg onload=alert(1)>not an image</svg>'))).json()).toEqual({ code: 1, msg: errors.UPLOAD_BAD_TYPE.message, data: null, reason: 'UPLOAD_BAD_TYPE' });

    const big = await uploadToken(user.token);
    const oversized = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const tooBig = await png(big.data.token, oversized);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ code: 1, msg: errors.UPLOAD_TOO_BIG.message, data: null, reason: 'UPLOAD_TOO_BIG' });

    const late = await uploadToken(user.token);
    clock.advance(10 * 60_000);
    expect((await png(late.data.token)).json()).toEqual({ code: 1, msg: errors.UPLOAD_TOKEN_INVALID.message, data: null, reason: 'UPLOAD_TOKEN_INVALID' });

    expect((await png(`up_${'A'.repeat(43)}`)).json()).toEqual({ code: 1, msg: errors.UPLOAD_TOKEN_INVALID.message, data: null, reason: 'UPLOAD_TOKEN_INVALID' });
    expect((await png("up_' OR 1=1 --")).json()).toEqual({ code: 1, msg: errors.UPLOAD_TOKEN_INVALID.message, data: null, reason: 'UPLOAD_TOKEN_INVALID' });
    expect((await upload([{ name: 'file', value: TINY_PNG, filename: 'a.png' }])).json()).toEqual({ code: 1, msg: errors.UPLOAD_MISSING_TOKEN.message, data: null, reason: 'UPLOAD_MISSING_TOKEN' });
    const fresh = await uploadToken(user.token);
    expect((await upload([{ name: 'token', value: fresh.data.token }])).json()).toEqual({ code: 1, msg: errors.UPLOAD_MISSING_FILE.message, data: null, reason: 'UPLOAD_MISSING_FILE' });
    const json = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload: { token: fresh.data.token } });
    expect(json.json()).toEqual({ code: 1, msg: errors.UPLOAD_NOT_MULTIPART.message, data: null, reason: 'UPLOAD_NOT_MULTIPART' });
    expect(await fs.readdir(path.join(ctx.dataDir, 'uploads'))).toEqual(filesBefore);
    // The refused attempts did not spend the token.
    expect((await png(fresh.data.token)).json().code).toBe(200);
  });

  it('two uploads racing with one token store one file', async () => {
    const user = await registerUser(ctx);
    const grant = await uploadToken(user.token);
    const answers = await Promise.all([png(grant.data.token), png(grant.data.token), png(grant.data.token)]);
    expect(answers.map((answer) => answer.json().code).sort()).toEqual([1, 1, 200]);
    const rows = await ctx.db.selectFrom('upload').select('file_name').where('user_id', '=', user.id).where('file_name', 'is not', null).execute();
    expect(rows).toHaveLength(1);
  });

  it('the upload form with the cookie needs the site header, like every cookie POST', async () => {
    const user = await registerUser(ctx);
    const grant = await uploadToken(user.token);
    const body = multipart([
      { name: 'token', value: grant.data.token },
      { name: 'file', value: TINY_PNG, filename: 'a.png' },
    ]);
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: body.headers, cookies: { token: user.token } });
    expect(plain.statusCode).toBe(403);
    const viaSite = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...XHR }, cookies: { token: user.token } });
    expect(viaSite.json().code).toBe(200);
  });

  it('GET api/Universal/imTouristAccount issues a signed guest id; the secret stays on the server', async () => {
    const first = await ctx.app.inject('/api/Universal/imTouristAccount');
    const body = first.json();
    expect(body.code).toBe(200);
    expect(Value.Check(TouristAccountSchema, body.data)).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['id', 'sig']);
    expect(body.data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    expect(first.headers['cache-control']).toBe('no-store');
    const secret = (await fs.readFile(path.join(ctx.dataDir, 'chat-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(first.body).not.toContain(secret);
    expect(verifyGuest(secret, body.data.id, body.data.sig, clock())).toMatchObject({ valid: true });
    expect(verifyGuest(secret, body.data.id.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')), body.data.sig, clock()).valid).toBe(false);
    const second = (await ctx.app.inject('/api/universal/imtouristaccount')).json().data;
    expect(second.id).not.toBe(body.data.id);
  });
});
