import type { Page } from '@playwright/test';

/**
 * The `code` of every answer to an API path the page gets from now on, each body read the moment
 * its response arrives. `page.waitForResponse(...)` followed by a reload can catch an answer of
 * the document being left, whose body Chromium has already dropped ('No resource with given
 * identifier found'); reading each body at once, and polling for the code expected, cannot.
 */
export function answerCodes(page: Page, apiPath: string): number[] {
  const codes: number[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith(apiPath)) return;
    response.json().then(
      (body: { code?: unknown }) => {
        if (typeof body.code === 'number') codes.push(body.code);
      },
      () => undefined,
    );
  });
  return codes;
}
