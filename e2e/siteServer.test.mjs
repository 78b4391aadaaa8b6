// The Playwright run's server start (globalSetup.ts, siteServer.mjs), with real processes:
// a server that cannot start fails the run at once with its own words, and the run takes free
// ports, so it works while `npm start` holds 8080 and 1935. Run by scripts/test.sh with
// `node --test`; alone: `node --test e2e/siteServer.test.mjs` (no build needed).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));

/** `playwright test` on one spec, as scripts/test.sh runs it; resolves with its exit and output. */
function runPlaywright(env, extraArgs = []) {
  const inherited = { ...process.env };
  delete inherited.E2E_PORT; // the run picks its own port
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(e2eDir, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', 'tests/errorCatalogue.spec.ts', '--reporter=list', ...extraArgs], {
      cwd: e2eDir,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Holds a port like a running site would; a port someone else already holds is as good. */
async function hold(port) {
  const server = net.createServer((socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    server.listen(port, () => resolve(server));
  });
}

describe('the Playwright run starts its own server', () => {
  it('a server that exits at start fails the run at once, printing what the server said', async () => {
    const started = Date.now();
    // A configuration error: the server explains it and exits 1 before it listens. The ports
    // of a running site are taken too, so a fixed E2E port cannot be what fails the start.
    const holders = await Promise.all([8080, 1935, 18180].map(hold));
    try {
      const { code, output } = await runPlaywright({ REDIS_URL: 'not-a-url' });
      assert.notEqual(code, 0);
      assert.match(output, /the server exited \(code 1\) before it answered http:\/\/127\.0\.0\.1:\d+\/healthz/);
      assert.match(output, /REDIS_URL/);
      // Not Playwright's 120 s wait for a URL: only what tsx and the config check take.
      assert.ok(Date.now() - started < 60_000, `took ${Date.now() - started} ms`);
    } finally {
      await Promise.all(holders.filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });

  it('while a site holds 8080, 1935 and 18180, the run starts its server on free ports', async () => {
    const holders = await Promise.all([8080, 1935, 18180].map(hold));
    try {
      // One short journey: whether it passes depends on a built site; the server start does not.
      const { output } = await runPlaywright({}, ['-g', 'code 1:']);
      const ready = output.match(/\[e2e server\] ready at http:\/\/127\.0\.0\.1:(\d+)/);
      assert.ok(ready, output);
      assert.notEqual(ready[1], '18180');
      assert.doesNotMatch(output, /in use/);
    } finally {
      await Promise.all(holders.filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
