/**
 * Import boundaries between the workspace's packages (issue 11), checked by
 * `pnpm check:boundaries` (scripts/check-boundaries.mjs) in `npm test`.
 *
 * Paths are relative to the repository root: a package is its folder (shared, host, mf-live,
 * mf-scores, mf-community, mf-member, server, tools/mf-cli, e2e, bench). A workspace package
 * imported by name resolves through pnpm's symlink to its source (`@sports/shared` →
 * shared/src/index.ts), so the rules below see where an import really lands; a relative path
 * into another package is told apart by its dependency type `local`.
 *
 * The server's own layering (server/src/README.md): the composition root (app.ts, main.ts,
 * config.ts) → the domains (one folder each) → infra/ (http, db, config, storage, sockets).
 * Domains meet only through each other's index.ts; folder loops between domains are found by
 * scripts/check-boundaries.mjs itself (a rule here sees single imports, not loops of folders).
 * Tests and testing/ kits may reach anything: they build the whole app.
 */

/** Every package folder, as a regular-expression alternative (tools/mf-cli has a slash). */
const PACKAGES = 'shared|host|mf-[a-z]+|server|tools/mf-cli|e2e|bench';
/** Test files, test kits and a package's vitest config (it names the test kits): they may use test helpers. */
const TEST_CODE = '(\\.test\\.[cm]?[jt]sx?$|(^|/)testing/|^[^/]+/vitest\\.config\\.[cm]?[jt]s$)';
/** A server domain's folder (anything under server/src/ but infra/ and testing/): group 1 is its name. */
const SERVER_DOMAIN = '^server/src/((?!infra/|testing/)[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'remote-not-to-remote',
      comment:
        'a remote imports no other remote: each squad releases its own remote, and remotes meet only through @sports/shared and the host at run time',
      severity: 'error',
      from: { path: '^(mf-[a-z]+)/' },
      to: { path: '^mf-[a-z]+/', pathNot: '^$1/' },
    },
    {
      name: 'remote-only-own-files-and-shared',
      comment:
        'a remote imports only its own files, @sports/shared and npm packages: never host/, server/, tools/, e2e/ or bench/',
      severity: 'error',
      from: { path: '^mf-[a-z]+/' },
      to: { path: '^(host|server|tools|e2e|bench)/' },
    },
    {
      name: 'only-the-host-routes',
      comment:
        "the router (wouter; react-router before 7 Dec 2026) is the host's alone, bundled in the host and not a page singleton (issue 16: a shared module ships whole): a remote or @sports/shared gets `location` in its props and navigates with RemoteContext.navigate",
      severity: 'error',
      from: { path: '^(mf-[a-z]+|shared)/' },
      to: { path: '(^|/)(react-router(-dom)?|wouter)(/|$)' },
    },
    {
      name: 'shared-imports-no-app',
      comment:
        'shared is below everything: it imports nothing from host, the remotes, server, tools, e2e or bench',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(host|mf-[a-z]+|server|tools|e2e|bench)/' },
    },
    {
      name: 'host-not-to-remote-or-server',
      comment:
        "the host loads remotes at run time (Module Federation), never their source, and talks to the server over HTTP only",
      severity: 'error',
      from: { path: '^host/' },
      to: { path: '^(mf-[a-z]+|server)/' },
    },
    {
      name: 'server-not-to-host-or-remote',
      comment: 'the server serves the built site; it imports no source of the host or the remotes',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(host|mf-[a-z]+)/' },
    },
    {
      name: 'no-deep-import-across-packages',
      comment:
        'a relative path into another package skips its package.json "exports": import it by name (@sports/shared, @sports/shared/server, …)',
      severity: 'error',
      from: { path: `^(${PACKAGES})/` },
      to: { dependencyTypes: ['local'], pathNot: '^$1/' },
    },
    {
      // The benchmarks drive the server's real code, so they need more of it than any other
      // package: server/src/benchKit.ts is that deliberate surface, exported as
      // @sports/server/bench. Whatever bench needs next is added there, not imported around it.
      name: 'bench-reaches-server-only-through-its-entry',
      comment:
        'bench imports the server only as @sports/server/bench (server/src/benchKit.ts), never another server file',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^server/', pathNot: '^server/src/benchKit\\.ts$' },
    },
    {
      name: 'workspace-import-must-be-exported',
      comment:
        'an @sports/* import must name an entry of that package\'s "exports" (it does not resolve otherwise)',
      severity: 'error',
      from: { path: `^(${PACKAGES})/` },
      to: { couldNotResolve: true, path: '^@sports/' },
    },
    {
      name: 'server-runtime-not-to-testing',
      comment:
        'what the server runs (everything reachable from server/src/main.ts) never reaches test code under a testing/ folder',
      severity: 'error',
      from: { path: '^server/src/main\\.ts$' },
      to: { path: '(^|/)testing/', reachable: true },
    },
    {
      name: 'server-infra-imports-no-domain',
      comment:
        'server/src/infra/ is below every domain: it imports no domain folder and no root file (app.ts, config.ts, …); what a domain must tell it comes in as an option',
      severity: 'error',
      from: { path: '^server/src/infra/', pathNot: TEST_CODE },
      to: { path: ['^server/src/(?!infra/)[^/]+/', '^server/src/[^/]+\\.ts$'] },
    },
    {
      name: 'server-domain-through-index',
      comment:
        "a server domain reaches another domain only through that domain's index.ts (its public surface), never a file behind it",
      severity: 'error',
      from: { path: SERVER_DOMAIN, pathNot: TEST_CODE },
      to: { path: '^server/src/(?!infra/|testing/)[^/]+/', pathNot: ['^server/src/$1/', '^server/src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'server-domain-not-to-root',
      comment:
        'a server domain imports no root file (app.ts, main.ts, config.ts, …): the root composes the domains, not the other way round',
      severity: 'error',
      from: { path: SERVER_DOMAIN, pathNot: TEST_CODE },
      to: { path: '^server/src/[^/]+\\.ts$' },
    },
    {
      name: 'shared-testing-only-in-tests',
      comment:
        '@sports/shared/testing (fakes, render helpers) is for tests: no shipped code imports it',
      severity: 'error',
      from: { path: `^(${PACKAGES})/`, pathNot: TEST_CODE },
      to: { path: '^shared/src/testing/' },
    },
  ],
  options: {
    // TypeScript 7 has no JS API, so TypeScript sources are parsed by swc (@swc/core, already in
    // the workspace for the webpack builds; dependency-cruiser finds it through pnpm's default
    // hidden hoisting, node_modules/.pnpm/node_modules). tsPreCompilationDeps keeps type-only imports: a
    // `import type` across a boundary couples packages just as much. scripts/check-boundaries.mjs
    // stops if swc is missing, since TypeScript would then be read by a JavaScript parser.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: '(^|/)node_modules/' },
    // e2e/fixtures holds sources that a test copies into a remote's package and builds there
    // (e2e/fixtures/standings/README.md): they resolve only inside that copy.
    exclude: { path: '(^|/)(node_modules|dist|\\.data|test-results)(/|$)|^e2e/fixtures/' },
    enhancedResolveOptions: {
      // Resolve workspace packages as the bundlers and tsc (moduleResolution Bundler) do: through
      // package.json "exports", so a subpath a package does not export stays unresolved.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.d.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
