import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedMessages } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES, DOMAIN_PLUGINS, type DomainName, buildApp } from './app';
import { auditPluginGraph, dependencyTable, pluginMeta, withTable } from './testing/pluginGraph';
import { describeEachDatabase, useTestApp } from './testing/testApp';

describeEachDatabase('app', (target) => {
  const ctx = useTestApp(target);

  it('wraps success in the envelope', async () => {
    const response = await ctx.app.inject('/api/hot_match/initial_list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body).toMatchObject({ code: 200, msg: '' });
  });

  it.each(['/api/nope', '/api/universal/nope', '/api'])('answers unknown API path %s with 404 code 1', async (url) => {
    const response = await ctx.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1, msg: sharedMessages.notFound, data: null, reason: 'NOT_FOUND' });
  });

  it('answers malformed JSON with code 1', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/mf/telemetry',
      payload: '{"remote": "mf_live",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg: '请求格式错误', data: null, reason: 'BAD_REQUEST_FORMAT' });
  });

  it('answers a body over 64 KiB with 413 code 1', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/mf/telemetry',
      payload: JSON.stringify({ message: 'x'.repeat(API_BODY_LIMIT_BYTES) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1);
  });

  it.each(['/api/Universal/getHot', '/api/universal/gethot', '/API/UNIVERSAL/GETHOT', '/api/search/INDEX?name=NBA'])(
    'routes %s case-insensitively',
    async (url) => {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.json().code).toBe(200);
    },
  );
});

// ---- The domain plugins declare what they use (src/README.md, "A domain") ----

const SRC_DIR = path.dirname(fileURLToPath(import.meta.url));

it('every domain plugin declares the plugins whose decorators its code reads, and nothing it does not read (testing/pluginGraph.ts)', () => {
  const audit = auditPluginGraph(SRC_DIR, DOMAIN_PLUGINS);
  expect(audit.problems, audit.problems.join('\n')).toEqual([]);
  expect(audit.domains.map((domain) => domain.meta.name)).toEqual(Object.keys(DOMAIN_PLUGINS));
});

it("src/README.md's dependency table is the one the plugins' metadata gives (pnpm plugins:table writes it)", () => {
  const readme = fs.readFileSync(path.join(SRC_DIR, 'README.md'), 'utf8');
  const table = dependencyTable(auditPluginGraph(SRC_DIR, DOMAIN_PLUGINS));
  expect(readme, 'run `pnpm plugins:table` and commit src/README.md').toBe(withTable(readme, table));
});

/** Deterministic from its seed (mulberry32), so a failing order can be built again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describeEachDatabase('app: the domain plugins in shuffled orders', (target) => {
  const ctx = useTestApp(target);
  const seed = Number(process.env.PLUGIN_ORDER_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  const names = Object.keys(DOMAIN_PLUGINS) as DomainName[];
  const dependencies = new Map(names.map((name) => [name, pluginMeta(DOMAIN_PLUGINS[name]).dependencies.filter((dependency) => (names as string[]).includes(dependency)) as DomainName[]]));
  const owners = new Map(auditPluginGraph(SRC_DIR, DOMAIN_PLUGINS).domains.flatMap((domain) => domain.decorates.map((decorator) => [decorator, domain.meta.name] as const)));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  /** A random order in which every plugin comes after what it declares. */
  const randomWorkingOrder = (): DomainName[] => {
    const order: DomainName[] = [];
    while (order.length < names.length) {
      order.push(pick(names.filter((name) => !order.includes(name) && (dependencies.get(name) ?? []).every((dependency) => order.includes(dependency)))));
    }
    return order;
  };
  const build = async (order: readonly DomainName[]) => {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sports-order-'));
    try {
      const app = await buildApp({ db: ctx.db, siteRoot: ctx.site.root, logLevel: 'silent', dataDir, domainOrder: () => order });
      await app.ready();
      return app;
    } finally {
      // The app's files are read at start only.
      await fs.promises.rm(dataDir, { recursive: true, force: true }).catch(() => {});
    }
  };

  it('starts in any order that puts each plugin after what it declares', async () => {
    for (let round = 0; round < 2; round += 1) {
      const order = randomWorkingOrder();
      const why = `PLUGIN_ORDER_SEED=${seed} order ${order.join(' ')}`;
      const app = await build(order).catch((error: unknown) => {
        throw new Error(`${why}: ${String(error)}`);
      });
      try {
        expect((await app.inject('/api/Gift/getList')).statusCode, why).toBe(200);
        expect((await app.inject('/api/universal/getHot')).statusCode, why).toBe(200);
      } finally {
        await app.close();
      }
    }
  });

  it('refuses an order that registers a plugin before one it declares, naming the plugin and what is missing', async () => {
    const withDependencies = names.filter((name) => (dependencies.get(name) ?? []).length > 0);
    for (let round = 0; round < 3; round += 1) {
      // A working order with one plugin moved before one of its dependencies (at the front, in the first round).
      const order = randomWorkingOrder();
      const early = pick(withDependencies);
      const dependency = pick(dependencies.get(early) ?? []);
      order.splice(order.indexOf(early), 1);
      order.splice(round === 0 ? 0 : order.indexOf(dependency), 0, early);
      const why = `PLUGIN_ORDER_SEED=${seed} order ${order.join(' ')}`;
      // The first plugin in the order that meets a dependency not registered yet is the one refused.
      const registered = new Set<string>();
      const refused = order.find((name) => {
        if ((dependencies.get(name) ?? []).some((needed) => !registered.has(needed))) return true;
        registered.add(name);
        return false;
      }) as DomainName;
      const missing = (dependencies.get(refused) ?? []).filter((needed) => !registered.has(needed));
      const error = await build(order).then(
        async (app) => {
          await app.close();
          return null;
        },
        (caught: unknown) => caught as { code?: string; message: string },
      );
      expect(error, `${why}: started`).not.toBeNull();
      expect(['FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE'], `${why}: ${error?.message}`).toContain(error?.code);
      expect(error?.message, why).toContain(`'${refused}'`);
      const named = /The (?:dependency|decorator) '(\w+)'/.exec(error?.message ?? '')?.[1] ?? '';
      expect(missing, `${why}: ${error?.message}`).toContain((names as string[]).includes(named) ? named : owners.get(named));
    }
  });
});
