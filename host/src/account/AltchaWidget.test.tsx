import { describe, expect, it } from 'vitest';

describe('AltchaWidget', () => {
  it('hides the ALTCHA logo link and footer, the English left in the Chinese modal (issue 33)', async () => {
    await import('./AltchaWidget');
    const defaults = globalThis.$altcha.defaults;
    expect(defaults.get('hideLogo')).toBe(true);
    expect(defaults.get('hideFooter')).toBe(true);
    expect(typeof defaults.get('fetch')).toBe('function');
  });
});
