#!/usr/bin/env node
/**
 * Renders the edge's nginx config (edge.conf.template) for given nodes and listen address, and
 * makes the prefix folder nginx runs in (cache/, temp/, logs/). No dependencies: Node alone.
 *
 *   node deploy/nginx/render.mjs --listen 8081 --upstream 127.0.0.1:8080 --upstream 127.0.0.1:8090 \
 *        --prefix /srv/edge [--daemon on|off] [--user www-data] [--workers auto] [--cache-max-size 2g]
 *   nginx -p /srv/edge -c edge.conf            # (add -t to check it)
 *
 * Writes <prefix>/edge.conf and prints its path. Exits 2 with what to fix on a bad argument.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'edge.conf.template');
const HOST_PORT = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]{2,39}\]):[0-9]{1,5}$/;
const LISTEN = /^(?:(?:[0-9.]{7,15}|\[[0-9A-Fa-f:]{2,39}\]):)?[0-9]{1,5}$/;
const USER = /^[a-z_][a-z0-9_-]{0,31}$/;
const WORKERS = /^(?:auto|[1-9][0-9]?)$/;
const SIZE = /^[1-9][0-9]{0,5}[kmg]$/;

/**
 * The config text for `options` ({listen, upstreams[], daemon, user, workers, cacheMaxSize}).
 * Throws with the field and what it accepts when one is wrong (these end up in a config file).
 */
export function renderEdgeConfig(options) {
  const { listen, upstreams, daemon = 'on', user = null, workers = 'auto', cacheMaxSize = '1g' } = options;
  const check = (ok, what) => {
    if (!ok) throw new Error(what);
  };
  check(typeof listen === 'string' && LISTEN.test(listen) && portOk(listen), `--listen: a port or address:port, got "${listen}"`);
  check(Array.isArray(upstreams) && upstreams.length > 0, '--upstream: at least one node (host:port)');
  for (const upstream of upstreams) check(HOST_PORT.test(upstream) && portOk(upstream), `--upstream: host:port, got "${upstream}"`);
  check(daemon === 'on' || daemon === 'off', `--daemon: on or off, got "${daemon}"`);
  check(user === null || USER.test(user), `--user: a user name, got "${user}"`);
  check(WORKERS.test(String(workers)), `--workers: auto or 1-99, got "${workers}"`);
  check(SIZE.test(cacheMaxSize), `--cache-max-size: like 512m or 2g, got "${cacheMaxSize}"`);
  const fields = {
    user: user === null ? '# (no user directive: workers run as the user who starts nginx)' : `user ${user};`,
    workers: String(workers),
    daemon,
    access_log: options.accessLog === false ? 'off' : 'logs/access.log edge',
    cache_max_size: cacheMaxSize,
    listen,
    upstream_servers: upstreams.map((upstream) => `        server ${upstream} max_fails=2 fail_timeout=5s;`).join('\n'),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([a-z_]+)\}\}/g, (_, name) => {
    if (!(name in fields)) throw new Error(`edge.conf.template: unknown field {{${name}}}`);
    return fields[name];
  });
}

function portOk(address) {
  const port = Number(address.slice(address.lastIndexOf(':') + 1));
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** Writes <prefix>/edge.conf and the folders nginx needs under the prefix; returns the config's path. */
export function writeEdgeConfig(prefix, options) {
  const text = renderEdgeConfig(options);
  for (const dir of ['cache', 'temp', 'logs']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  const file = path.join(prefix, 'edge.conf');
  fs.writeFileSync(file, text);
  return file;
}

function parseArgs(argv) {
  const options = { upstreams: [] };
  let prefix = null;
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag}: needs a value`);
    if (flag === '--listen') options.listen = value;
    else if (flag === '--upstream') options.upstreams.push(value);
    else if (flag === '--prefix') prefix = path.resolve(value);
    else if (flag === '--daemon') options.daemon = value;
    else if (flag === '--user') options.user = value;
    else if (flag === '--workers') options.workers = value;
    else if (flag === '--cache-max-size') options.cacheMaxSize = value;
    else if (flag === '--access-log') options.accessLog = value !== 'off';
    else throw new Error(`unknown option ${flag} (see the comment at the top of deploy/nginx/render.mjs)`);
  }
  if (prefix === null) throw new Error('--prefix: the folder nginx runs in (cache, temp files, logs, pid)');
  return { prefix, options };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { prefix, options } = parseArgs(process.argv.slice(2));
    console.log(writeEdgeConfig(prefix, options));
  } catch (error) {
    console.error(`render.mjs: ${error.message}`);
    process.exit(2);
  }
}
