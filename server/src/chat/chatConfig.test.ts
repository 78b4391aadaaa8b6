import { describe, expect, it } from 'vitest';
import { loadChatConfig } from './chatConfig';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { config: loadChatConfig((name) => env[name], problems), problems };
};

describe('chat config', () => {
  it('defaults to the built-in chat, guests read only, 50 messages/s a room', () => {
    expect(load({})).toEqual({ config: { provider: 'builtin', tencent: null, guestsMaySend: false, roomMessagesPerSecond: 50 }, problems: [] });
  });

  it('reads Tencent Cloud IM and says what is missing', () => {
    expect(load({ IM_PROVIDER: 'tencent', TENCENT_IM_SDKAPPID: '1400000001', TENCENT_IM_SECRET_KEY: 'k' }).config).toMatchObject({ provider: 'tencent', tencent: { sdkAppId: 1400000001, secretKey: 'k' } });
    expect(load({ IM_PROVIDER: 'tencent' }).problems).toEqual(['IM_PROVIDER=tencent needs TENCENT_IM_SDKAPPID', 'IM_PROVIDER=tencent needs TENCENT_IM_SECRET_KEY']);
    expect(load({ IM_PROVIDER: 'qq' }).problems).toEqual(['IM_PROVIDER must be one of builtin, tencent, got "qq"']);
    expect(load({ CHAT_GUESTS_MAY_SEND: 'yes' }).problems).toHaveLength(1);
  });
});
