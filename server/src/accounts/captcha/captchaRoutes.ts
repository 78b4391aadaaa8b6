import type { CaptchaVerifier } from './captchaVerifier';
import type { App } from '../../infra/http/types';

/**
 * `GET /api/captcha/challenge`: the challenge exactly as the ALTCHA widget fetches it (its
 * `challenge` URL), so this one answer is not wrapped in the envelope. Never cached.
 */
export async function captchaRoutes(app: App, { captcha }: { captcha: CaptchaVerifier }): Promise<void> {
  app.get('/api/captcha/challenge', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return captcha.createChallenge();
  });
}
