import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAPID_SUBJECT, loadAlertsConfig } from './alertsConfig';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { config: loadAlertsConfig((name) => env[name], problems), problems };
};

describe('alerts config (VAPID_*)', () => {
  it('none set: a generated pair (kept in the database) and the default subject', () => {
    expect(load({})).toEqual({ config: { vapid: null, vapidSubject: DEFAULT_VAPID_SUBJECT }, problems: [] });
  });

  it('a configured pair is taken; one without the other, bad keys and a bad subject are each a problem', () => {
    const keys = webpush.generateVAPIDKeys();
    expect(load({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://sports.example.com' })).toEqual({
      config: { vapid: keys, vapidSubject: 'https://sports.example.com' },
      problems: [],
    });
    expect(load({ VAPID_PUBLIC_KEY: keys.publicKey }).problems).toEqual([expect.stringContaining('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')]);
    const bad = load({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: 'not+base64url', VAPID_SUBJECT: 'ops@example.com' });
    expect(bad.problems).toHaveLength(3);
    expect(bad.problems.join('\n')).toMatch(/VAPID_PUBLIC_KEY must be[\s\S]*VAPID_PRIVATE_KEY must be[\s\S]*VAPID_SUBJECT must be/);
  });
});
