import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevRemoteOptions } from './args.ts';

const HMR_SOCKET_PATH = '/__dev-remote-hmr';
const HOT_ROUTES_LOADER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hotRoutesLoader.cjs');

/** What this tool needs of webpack's and webpack-dev-server's Node APIs (from the remote's own packages). */
interface WebpackConfig {
  devtool?: string | false;
  module: { rules: object[] };
  devServer: Record<string, unknown>;
}
interface Compiler {
  hooks: { done: { tap(name: string, callback: (stats: { hasErrors(): boolean; toString(options: object): string }) => void): void } };
}
interface DevServer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunningDevServer {
  /** The dev server's mf-manifest.json (what the dev override names). */
  manifestUrl: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The remote's own development config (its webpack.config.cjs, createFederatedConfig), changed
 * for a page of another origin:
 * - hot updates only ('only': never a reload, which would reload the site), no live reload;
 * - the HMR socket named by address (the scripts run in the site's page, not on this origin);
 * - no eval in source maps (the site's Content-Security-Policy has no 'unsafe-eval');
 * - JSX compiled for React's production runtime (`react/jsx-runtime`, a shared singleton): the
 *   site's React is the production build, which the development runtime (`jsxDEV`) cannot use;
 * - src/routes.ts accepts the hot updates of its pages (hotRoutesLoader.cjs).
 */
export function devConfigOf(config: WebpackConfig, remote: string, port: number): WebpackConfig {
  return {
    ...config,
    devtool: 'cheap-module-source-map',
    module: { ...config.module, rules: [{ test: /[\\/]src[\\/]routes\.ts$/, enforce: 'pre', use: [{ loader: HOT_ROUTES_LOADER, options: { remote } }] }, ...config.module.rules.map(withProductionJsx)] },
    devServer: {
      ...config.devServer,
      port,
      host: '127.0.0.1',
      hot: 'only',
      liveReload: false,
      allowedHosts: 'all',
      // Not /ws: the harness's proxy sends /ws to the site's sockets.
      webSocketServer: { type: 'ws', options: { path: HMR_SOCKET_PATH } },
      client: { webSocketURL: `ws://127.0.0.1:${port}${HMR_SOCKET_PATH}`, overlay: { errors: true, warnings: false, runtimeErrors: false }, logging: 'warn' },
    },
  };
}

interface SwcRule {
  use?: { loader?: string; options?: { jsc?: { transform?: { react?: Record<string, unknown> } } } };
}

/** An swc-loader rule with `development: false` for React (any other rule as it is). */
function withProductionJsx(rule: object): object {
  const { use } = rule as SwcRule;
  if (use?.loader !== 'swc-loader' || !use.options?.jsc) return rule;
  const { jsc } = use.options;
  const react = { ...jsc.transform?.react, development: false, refresh: false };
  return { ...rule, use: { ...use, options: { ...use.options, jsc: { ...jsc, transform: { ...jsc.transform, react } } } } };
}

/** Starts the remote's dev server; `onBuild` after every build (the first one included). */
export async function startDevServer(options: DevRemoteOptions, remoteDir: string, onBuild: (ok: boolean, summary: string) => void): Promise<RunningDevServer> {
  const requireFromRemote = createRequire(path.join(remoteDir, 'package.json'));
  const webpack = requireFromRemote('webpack') as (config: WebpackConfig) => Compiler;
  const WebpackDevServer = requireFromRemote('webpack-dev-server') as new (options: object, compiler: Compiler) => DevServer;
  const makeConfig = requireFromRemote(path.join(remoteDir, 'webpack.config.cjs')) as (env: object, argv: { mode: string }) => WebpackConfig;
  const port = options.port === 0 ? await freePort() : options.port;
  // The harness page (harness.html) proxies the API to the chosen site (createFederatedConfig reads SITE_URL).
  process.env.SITE_URL = options.site;
  const config = devConfigOf(makeConfig({}, { mode: 'development' }), options.remote, port);
  const compiler = webpack(config);
  compiler.hooks.done.tap('dev-remote', (stats) => onBuild(!stats.hasErrors(), stats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY })));
  const server = new WebpackDevServer(config.devServer, compiler);
  await server.start();
  return { manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`, stop: () => server.stop() };
}
