import { expect } from '@playwright/test';
import { test } from './support/journey';

/**
 * Issue 11 (operability): the API's OpenAPI document, browsable at /api/docs, works in Chromium
 * under the site's Content-Security-Policy (own script files only, no inline script, no eval):
 * Swagger UI loads its scripts, fetches /api/docs/json and lists the operations.
 */
test('Swagger UI at /api/docs lists the API with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      ((window as unknown as { __cspViolations?: string[] }).__cspViolations ??= []).push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.information-container')).toContainText('Sports live platform API');
  // An operation of the user family, with its method, as Swagger UI renders it.
  const login = page.locator('.opblock-post', { hasText: '/api/user/login' });
  await expect(login).toBeVisible();
  // Opening it shows the request body from the route schema.
  await login.locator('.opblock-summary').click();
  await expect(login).toContainText('mobile');

  violations.push(...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])));
  expect(violations).toEqual([]);
});
