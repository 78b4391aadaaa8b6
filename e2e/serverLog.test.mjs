// What a failing journey prints of the e2e server's log (tests/support/serverLog.ts, used by
// tests/support/journey.ts): only the journey's part, its warnings, errors and non-JSON lines,
// shortened. Run by scripts/test.sh with `node --test`.
import assert from 'node:assert/strict';
import { appendFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, it } from 'node:test';

process.env.E2E_PORT = `serverlog-test-${process.pid}`;
const { SERVER_LOG_PATH, serverLogOffset, serverLogSince } = await import('./tests/support/serverLog.ts');
after(() => rm(path.dirname(SERVER_LOG_PATH), { recursive: true, force: true }));

const line = (level, msg, extra = {}) => `${JSON.stringify({ level, time: Date.UTC(2026, 11, 7, 4, 30, 5, 123), msg, ...extra })}\n`;

it('prints the warnings, errors and stray lines logged since the journey began, not before', async () => {
  await mkdir(path.dirname(SERVER_LOG_PATH), { recursive: true });
  assert.equal(await serverLogOffset(), 0);
  await appendFile(SERVER_LOG_PATH, line(50, 'an earlier journey\'s error'));
  const offset = await serverLogOffset();
  await appendFile(SERVER_LOG_PATH, line(30, 'request completed') + line(40, 'chat login refused', { err: { message: 'bad signature' } }) + 'TypeError: x is not a function\n' + line(50, 'feed stalled'));
  assert.deepEqual(await serverLogSince(offset), ['04:30:05.123 WARN chat login refused (bad signature)', 'TypeError: x is not a function', '04:30:05.123 ERROR feed stalled']);
  assert.deepEqual(await serverLogSince(await serverLogOffset()), []);
});

it('keeps the last 60 lines of a long part', async () => {
  const offset = await serverLogOffset();
  await appendFile(SERVER_LOG_PATH, Array.from({ length: 100 }, (_, index) => line(40, `warning ${index}`)).join(''));
  const lines = await serverLogSince(offset);
  assert.equal(lines.length, 60);
  assert.match(lines.at(-1), /warning 99$/);
  assert.match(lines[0], /warning 40$/);
});
