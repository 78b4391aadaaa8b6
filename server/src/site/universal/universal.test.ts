import { DEFAULT_COUNTRY_CODE, SystemConfigSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';

describeEachDatabase('GET /api/universal/getHot', (target) => {
  const ctx = useTestApp(target);

  it('answers the system configuration', async () => {
    const response = await ctx.app.inject('/api/universal/getHot');
    expect(response.statusCode).toBe(200);
    const { code, msg, data } = response.json();
    expect({ code, msg }).toEqual({ code: 200, msg: '' });
    expect(Value.Check(SystemConfigSchema, data)).toBe(true);
    expect(data).toMatchObject({
      siteTitle: '体育直播',
      siteTitleSuffix: ' - 体育直播',
      defaultCountryCode: DEFAULT_COUNTRY_CODE,
      websocketUrl: '/ws/live-data',
      im: { provider: 'builtin', socketPath: '/ws/chat', guestNicknamePrefix: '游客' },
    });
  });

  it('lists the country codes with 86 first and unique ids', async () => {
    const { data } = (await ctx.app.inject('/api/universal/getHot')).json();
    const countries: { id: number; code: string; name: string }[] = data.CountryCode;
    expect(countries[0]).toEqual({ id: 1, code: '86', name: '中国大陆' });
    const codes = countries.map((country) => country.code);
    for (const code of ['86', '852', '853', '886', '1', '44', '81', '82', '65', '60', '66', '84', '63', '62', '61']) {
      expect(codes).toContain(code);
    }
    expect(new Set(countries.map((country) => country.id)).size).toBe(countries.length);
  });
});
