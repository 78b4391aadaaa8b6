import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { E2E_OPS_TOKEN } from './support/rolloutOps';

/**
 * Issue 14, the circle end to end on the real server and database: member A posts text with two
 * images (real PNG files uploaded to the upload store from the composer); member B comments and
 * likes it on the post page; A reloads the circle and sees 1 like and 1 comment. B reports the
 * post; ops hide it on the 举报处理 tab of the ops page; the post is gone from the circle and its
 * page says so, and search (#/search, 帖子) finds it before and not after.
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'circle-pass-2026';

/** A valid 2×2 PNG of one colour (real bytes the upload store sniffs and stores). */
function png(red: number, green: number, blue: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.from([0, red, green, blue, red, green, blue]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('A posts two images, B comments and likes, A sees the counts; B reports it, ops hide it and it leaves the circle and search', async ({ browser }) => {
  // A term no other post holds, within the search box's 10 characters.
  const term = `圈${String(Date.now()).slice(-8)}`;
  const text = `E2E 圈子动态 ${term}\n第二行`;

  // ---- A posts text with two real PNG files. ----
  const { page: a } = await newMember(browser, PASSWORD);
  await a.goto('/web/#/circle');
  const composer = a.getByTestId('composer');
  await composer.getByTestId('composer-text').fill(text);
  await composer.getByTestId('composer-images').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: png(200, 16, 46) },
    { name: 'blue.png', mimeType: 'image/png', buffer: png(21, 101, 192) },
  ]);
  await expect(composer.getByTestId('composer-previews').getByRole('img')).toHaveCount(2);
  await composer.getByTestId('composer-submit').click();
  await expect(composer.getByRole('status')).toHaveText('发布成功');
  const card = a.getByTestId('post-card').filter({ hasText: text.split('\n')[0]! }).first();
  await expect(card).toBeVisible();
  const postId = await card.getAttribute('data-post-id');
  expect(postId).toMatch(/^[1-9][0-9]*$/);
  const images = card.getByTestId('post-images').getByRole('img');
  await expect(images).toHaveCount(2);
  // The images are served back from the upload store.
  for (const src of await images.evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).src))) {
    const response = await a.request.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
  }
  await expect(card.getByTestId('post-like-count')).toHaveText('0 赞');
  await expect(card.getByTestId('post-comment-count')).toHaveText('0 评论');
  await expectAccessible(a);

  // ---- B comments and likes on the post page. ----
  const { page: b } = await newMember(browser, PASSWORD);
  await b.goto(`/web/#/circle-detail?id=${postId}`);
  await expect(b.getByTestId('post-text')).toHaveText(text);
  await b.getByTestId('comment-input').fill('好图！');
  await b.getByTestId('comment-submit').click();
  await expect(b.getByTestId('comment-thread').getByTestId('comment-text')).toHaveText('好图！');
  await expect(b.getByTestId('comments-heading')).toHaveText('评论（1）');
  await b.getByTestId('post-like').click();
  await expect(b.getByTestId('post-like-count')).toHaveText('1 赞');
  await expect(b.getByTestId('post-like')).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(b);

  // ---- A reloads the circle: 1 like, 1 comment. ----
  await a.reload();
  const reloaded = a.locator(`[data-testid="post-card"][data-post-id="${postId}"]`);
  await expect(reloaded.getByTestId('post-like-count')).toHaveText('1 赞');
  await expect(reloaded.getByTestId('post-comment-count')).toHaveText('1 评论');

  // ---- Search finds it. ----
  await a.goto(`/web/#/search?name=${encodeURIComponent(term)}&tab=posts`);
  await expect(a.getByTestId('search-posts').getByRole('link')).toHaveAttribute('href', `#/circle-detail?id=${postId}`);

  // ---- B reports the post. ----
  await b.getByTestId('post-report').click();
  await b.getByTestId('post-report-form').getByLabel('举报原因').selectOption('spam');
  await b.getByTestId('post-report-submit').click();
  await expect(b.getByText('已举报，感谢反馈')).toBeVisible();

  // ---- Ops hide it on the 举报处理 tab. ----
  const ops = await (await browser.newContext()).newPage();
  await ops.goto('/web/#/ops?tab=moderationReports');
  await ops.getByLabel('运维令牌').fill(E2E_OPS_TOKEN);
  await ops.getByRole('button', { name: '进入' }).click();
  const group = ops.getByTestId(`report-group-post-${postId}`);
  await expect(group.getByTestId(`report-excerpt-post-${postId}`)).toContainText('E2E 圈子动态');
  await group.getByTestId(`report-hide-post-${postId}`).click();
  await group.getByTestId(`report-confirm-hide-post-${postId}`).click();
  await expect(ops.getByTestId('report-status')).toContainText('已隐藏');

  // ---- The post is gone from search, the circle and its page. ----
  await a.reload();
  await expect(a.getByText('没有找到相关帖子')).toBeVisible();
  await expect(a.getByTestId('search-posts')).toHaveCount(0);
  await a.goto('/web/#/circle');
  await expect(a.getByTestId('circle-feed').or(a.getByTestId('circle-feed-empty'))).toBeVisible();
  await expect(a.locator(`[data-testid="post-card"][data-post-id="${postId}"]`)).toHaveCount(0);
  await b.goto(`/web/#/circle-detail?id=${postId}`);
  await b.reload();
  // The page says so (the API client's toast says the server's message too).
  await expect(b.getByRole('alert').filter({ hasText: '重试' })).toContainText('动态不存在或已删除');
  await expect(b.getByTestId('post-card')).toHaveCount(0);
});
