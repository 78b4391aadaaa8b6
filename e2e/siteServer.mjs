// The real server (server/src/main.ts under tsx) as a child process, for the browser tests
// (globalSetup.ts) and the site benchmark (bench/first-load.mjs). It listens on the port it is
// given and an RTMP port the OS picks, so it runs beside `npm start` (8080, 1935). If it exits
// before it answers /healthz, the start fails at once with the server's last output; if it
// exits later, that is printed at once too. Types: siteServer.d.mts.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(REPO_ROOT, 'server');
/** Enough of the server's output to hold its closing error after a few warnings. */
const OUTPUT_TAIL_CHARS = 8_000;

/** A port the OS says is free now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** freePort() for code that cannot wait (playwright.config.ts is evaluated synchronously). */
export function freePortSync() {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/**
 * `pnpm ledger:verify` (server/src/wallet/verifyLedger.ts) on the stopped server's embedded
 * database under `dataDir`: every balance equals its transfers, all sum to zero, none negative.
 * Resolves { ok, output } (ok: exit code 0).
 */
export function verifyLedger({ dataDir }) {
  const tsxCli = createRequire(path.join(SERVER_DIR, 'package.json')).resolve('tsx/cli');
  return new Promise((resolve) => {
    execFile(process.execPath, [tsxCli, 'src/wallet/verifyLedger.ts'], { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ ok: error === null, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/**
 * Starts the server on 127.0.0.1:`port` with `env` over the caller's environment, and waits
 * until /healthz answers (at most `startTimeoutMs`).
 */
export async function startSiteServer({ port, env = {}, startTimeoutMs = 120_000, onUnexpectedExit, logFile }) {
  // Otherwise another program answering /healthz on that port would pass for this server.
  if (!(await isPortFree(port))) throw new Error(`port ${port} on 127.0.0.1 is already in use: stop what uses it, or pick another port`);
  // Node itself runs the server, with tsx's loader (`node --import tsx`), not tsx's CLI: the CLI
  // runs the server in a child of its own, so a SIGKILL of the process spawned here (kill(): a
  // node lost) left the server running, orphaned, still holding its port and its rooms' leases.
  const tsxLoader = pathToFileURL(createRequire(path.join(SERVER_DIR, 'package.json')).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsxLoader, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', MEDIA_RTMP_PORT: '0', DEMO_STREAMS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The whole output in `logFile` too (a failing journey prints its part of it: tests/support/serverLog.ts).
  let log = null;
  if (logFile !== undefined) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    log = createWriteStream(logFile, { flags: 'a' });
    child.once('exit', () => log.end());
  }
  const keep = (chunk) => {
    log?.write(chunk);
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let stopping = false;
  let healthy = false;
  let exit = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
      if (!stopping && healthy) onUnexpectedExit?.(`the server exited (${describeExit(exit)}) while the tests ran; its last output:\n${output}`);
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const server = {
    url,
    port,
    output: () => output,
    /** null while it runs; how it ended once it has. */
    exit: () => exit,
    /** SIGTERM (the server stops its sockets and database cleanly), then SIGKILL after 20 s. */
    async stop() {
      stopping = true;
      if (exit !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
    /** SIGKILL: the server dies without a word (a node lost); waits for the exit. */
    async kill() {
      stopping = true;
      if (exit !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + startTimeoutMs;
  while (!healthy) {
    if (exit !== null) throw new Error(`the server exited (${describeExit(exit)}) before it answered ${url}/healthz; its last output:\n${output}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer ${url}/healthz within ${startTimeoutMs / 1000} s; its last output:\n${output}`);
    }
    healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then((answer) => answer.ok, () => false);
    if (!healthy) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  return server;
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function describeExit({ code, signal }) {
  return signal ? `signal ${signal}` : `code ${code}`;
}
