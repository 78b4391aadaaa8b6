// One webpack + Module Federation config for the host and every remote, so the share scope
// (which packages are page singletons, and at which versions) is written once. TOOLCHAIN.md
// lists the pitfalls this avoids; each is named where it is handled.
const fs = require('node:fs');
const path = require('node:path');
const { CompileHintsPlugin } = require('./compileHintsPlugin.cjs');
const { HOST_CAPABILITIES, HOST_NEEDS_FILE, HOST_PROVIDES } = require('./hostCapabilities.cjs');

/** Build tools are devDependencies of each package (pnpm is strict), so load them from there. */
function requireFrom(packageDir, id) {
  return require(require.resolve(id, { paths: [packageDir] }));
}

/** The version a package resolves to from `fromDir`, read from its package.json. */
function installedVersion(packageName, fromDir) {
  const manifestPath = require.resolve(`${packageName}/package.json`, { paths: [fromDir] });
  return require(manifestPath).version;
}

/**
 * The page singletons (DESIGN.md section 3, TOOLCHAIN.md pitfall 3): one copy in the page,
 * whoever loads first provides it. Deep imports are listed because they are separate modules
 * to webpack.
 *
 * The router is not one of them (issue 16, unlike DESIGN.md section 3 and TOOLCHAIN.md pitfall
 * 3): the host alone routes, with wouter bundled in its build (host/src/routes/README.md). A
 * remote's pages never import a router; they get `location` in their props and navigate through
 * the contract's `RemoteContext.navigate` (shared/src/contract/remoteContract.ts), and a remote's
 * package has no router dependency (scripts/check-boundaries.mjs refuses the import). A shared
 * module ships whole (the share scope is never tree-shaken: react-router's whole production
 * build was 53 KiB brotli on every first visit); host-only, webpack keeps the part the host uses.
 */
/** The subpaths of @sports/shared (package.json "exports") that are page singletons beside its root. */
const SHARED_SUBPATH_SINGLETONS = ['matchCentre', 'follows', 'fanMedals', 'pageKit'];

function createSharedScope(packageDir) {
  const singleton = (version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  const react = installedVersion('react', packageDir);
  const reactDom = installedVersion('react-dom', packageDir);
  const jotai = installedVersion('jotai', packageDir);
  const styled = installedVersion('styled-components', packageDir);
  const sharedContract = installedVersion('@sports/shared', packageDir);
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/client': singleton(reactDom),
    jotai: singleton(jotai),
    // Not 'jotai/utils': only @sports/shared's persisted atoms use it (atomWithStorage), and the
    // singleton bundles that part tree-shaken (−1.5 KiB on the first visit). Its atoms are plain
    // configs that any store of the shared 'jotai' reads.
    'styled-components': singleton(styled),
    '@sports/shared': singleton(sharedContract),
    // Its subpath entries that are page singletons of their own (issue 38): the root entry ships
    // whole on every first visit, these only when a page imports them (a remote's page chunk, a
    // host page: federation loads the copy the share scope holds before that chunk runs). Each
    // reaches the root's modules through '@sports/shared' by name, so the page keeps one copy of
    // every module (shared/src/browserEntry.test.ts checks the entries share no file).
    ...Object.fromEntries(SHARED_SUBPATH_SINGLETONS.map((subpath) => [`@sports/shared/${subpath}`, singleton(sharedContract)])),
  };
}

/**
 * A production remote's view of the page singletons: each taken from the host's page only
 * (`import: false`), never a copy of its own. The host provides every one (providedByTheHost), so
 * with 'loaded-first' the host's copy is the one used; the remote's own were fallback chunks, and
 * their provider entries cost every remoteEntry.js on the first visit 0.6 KiB (issue 38). The control plane refuses a
 * release that takes a singleton the host does not provide (server/src/rollouts/releaseCheck.ts).
 * A remote's development build (its standalone harness) keeps its own copies.
 */
function takenFromTheHost(sharedScope) {
  return Object.fromEntries(Object.entries(sharedScope).map(([name, config]) => [name, { ...config, import: false }]));
}

/**
 * The host's view: it provides every page singleton it lists in mf-host-shared.json, imported by
 * its own code or not. webpack provides a shared package only where the build imports it, and
 * the host's code never imports some @sports/shared subpaths (the match centre's, the follows');
 * named by their file they are provided all the same, each in a chunk of its own that loads when
 * a remote's page asks for it.
 */
function providedByTheHost(sharedScope, packageDir) {
  const subpaths = new Set(SHARED_SUBPATH_SINGLETONS.map((subpath) => `@sports/shared/${subpath}`));
  return Object.fromEntries(
    Object.entries(sharedScope).map(([name, config]) => [name, subpaths.has(name) ? { ...config, import: require.resolve(name, { paths: [packageDir] }), shareKey: name } : config]),
  );
}

/**
 * The version of @module-federation/enhanced that builds `packageDir`: what its plugin writes as
 * `metaData.pluginVersion` in a remote's mf-manifest.json (found the way the plugin finds it: its
 * package exports no package.json, so walk up from its entry to the package's own).
 */
function federationPluginVersion(packageDir) {
  let folder = path.dirname(require.resolve('@module-federation/enhanced/webpack', { paths: [packageDir] }));
  for (;;) {
    const candidate = path.join(folder, 'package.json');
    if (fs.existsSync(candidate)) {
      const manifest = JSON.parse(fs.readFileSync(candidate, 'utf8'));
      if (manifest.name === '@module-federation/enhanced' && manifest.version) return manifest.version;
    }
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`@module-federation/enhanced not found from ${packageDir}`);
    folder = parent;
  }
}

/**
 * The host's page singletons as { name: { version, requiredVersion } }, written next to its
 * build as mf-host-shared.json: the control plane checks every remote release against it. And
 * the federation runtime the host runs and hands the remotes (`provideExternalRuntime`) as
 * mf-host-runtime.json `{ pluginVersion, provides }`: a release built with another major or minor
 * is refused (server/src/rollouts/federationRuntimeCheck.ts), and so is one that needs from the
 * page what `provides` does not name (hostCapabilities.cjs, server/src/rollouts/hostNeedsCheck.ts).
 */
class HostSharedRequirementsPlugin {
  constructor(sharedScope, pluginVersion) {
    this.requirements = Object.fromEntries(
      Object.entries(sharedScope).map(([name, { version, requiredVersion }]) => [name, { version, requiredVersion }]),
    );
    this.runtime = { pluginVersion, provides: [...HOST_PROVIDES] };
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostSharedRequirementsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HostSharedRequirementsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('mf-host-shared.json', new sources.RawSource(`${JSON.stringify(this.requirements, null, 2)}\n`));
        compilation.emitAsset('mf-host-runtime.json', new sources.RawSource(`${JSON.stringify(this.runtime, null, 2)}\n`));
      });
    });
  }
}

/**
 * What a production remote takes from the host's page (hostCapabilities.cjs), written beside its
 * mf-manifest.json as mf-host-needs.json `{ needs }`: registration refuses the release while the
 * host's build does not provide all of it (server/src/rollouts/hostNeedsCheck.ts), instead of its
 * container throwing on the visitors' pages.
 */
class HostNeedsPlugin {
  constructor(needs) {
    this.needs = needs;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HostNeedsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HostNeedsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(HOST_NEEDS_FILE, new sources.RawSource(`${JSON.stringify({ needs: this.needs }, null, 2)}\n`));
      });
    });
  }
}

/** A route path as a chunk name part: `trophy/home` → `trophy_home` (host/src/federation/firstScreenScripts.ts). */
const chunkSlugOf = (routePath) => routePath.replace(/[^\w-]/g, '_');

/**
 * The routes and widgets of `manifest` whose import has no chunk name the host can find: a
 * route's page is named `route-<path>` (a page of several routes `route-<path>.<path>`), a
 * widget `widget-<id>`, with webpackChunkName in src/routes.ts and src/widgets.ts.
 */
function unnamedFirstScreenChunks(manifest, chunkGroups) {
  const names = new Set();
  for (const group of chunkGroups) {
    const match = /^(route|widget)-(.+)$/.exec(group.name ?? '');
    if (match) for (const part of match[2].split('.')) names.add(`${match[1]}-${part}`);
  }
  return [
    ...manifest.routes.filter((route) => !names.has(`route-${chunkSlugOf(route.path)}`)).map((route) => `route ${route.path} has no chunk named route-${chunkSlugOf(route.path)}`),
    ...manifest.widgets.filter((widget) => !names.has(`widget-${widget.id}`)).map((widget) => `widget ${widget.id} has no chunk named widget-${widget.id}`),
  ];
}

/**
 * A remote's route manifest (shared/src/contract/routeManifest.ts): the squad's
 * `src/routeManifest.json` (its routes' titles, nav indexes and layout rules, its widgets' slots),
 * stamped with the remote's name and emitted as route-manifest.json beside mf-manifest.json, so
 * every release carries the routes it owns. The control plane checks it in full before the
 * release takes traffic; the build stops early on what it can see alone.
 */
class RouteManifestPlugin {
  constructor(remote, declarationFile) {
    this.remote = remote;
    this.declarationFile = declarationFile;
  }

  read() {
    const fs = require('node:fs');
    const declaration = JSON.parse(fs.readFileSync(this.declarationFile, 'utf8'));
    const problems = [];
    if (!Array.isArray(declaration.routes)) problems.push('routes must be an array');
    if (!Array.isArray(declaration.widgets)) problems.push('widgets must be an array');
    const seen = new Set();
    for (const route of declaration.routes ?? []) {
      if (typeof route.path !== 'string' || route.path === '' || route.path.startsWith('/')) problems.push(`a route has no path (no leading '/'): ${JSON.stringify(route)}`);
      else if (seen.has(route.path)) problems.push(`route ${route.path} is declared twice`);
      seen.add(route.path);
      if (typeof route.title !== 'string' || route.title.trim() === '') problems.push(`route ${route.path} has no title`);
      if (route.navIndex !== null && !Number.isInteger(route.navIndex)) problems.push(`route ${route.path}: navIndex must be a whole number or null`);
    }
    const widgetIds = new Set();
    for (const widget of declaration.widgets ?? []) {
      if (widgetIds.has(widget.id)) problems.push(`widget ${widget.id} is declared twice`);
      widgetIds.add(widget.id);
    }
    if (problems.length > 0) throw new Error(`${this.declarationFile}:\n  ${problems.join('\n  ')}`);
    return { schemaVersion: 1, remote: this.remote, routes: declaration.routes, widgets: declaration.widgets };
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteManifestPlugin', (compilation) => {
      compilation.fileDependencies.add(this.declarationFile);
      compilation.hooks.processAssets.tap({ name: 'RouteManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        try {
          const manifest = this.read();
          // A warning, not an error: such a route still works, its page's scripts are only asked
          // for later (when the runtime runs its import), as before chunks were named.
          const unnamed = unnamedFirstScreenChunks(manifest, compilation.chunkGroups);
          if (unnamed.length > 0) compilation.warnings.push(new compiler.webpack.WebpackError(`route manifest: ${unnamed.join('; ')}: main.js fetches a route's or widget's scripts by that name before the shell asks (host/src/federation/firstScreenScripts.ts); name its import with webpackChunkName`));
          compilation.emitAsset('route-manifest.json', new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(`route manifest: ${error.message}`));
        }
      });
    });
  }
}

/**
 * What each script of a build is for, emitted as load-graph.json (never fetched by a page): the
 * entry's files (the host's html entry, a remote's remoteEntry.js), each expose's files, and each
 * lazy chunk group with what opens it: an `import()` of a source file ('import:src/…'), a shared
 * module's own copy ('provide:react'). e2e/bench/firstVisitBytes.mjs reads it to name the files a
 * first visit to #/main loads (e2e/bench/budgets.json) and check their compressed bytes.
 */
class LoadGraphPlugin {
  constructor(packageDir) {
    this.packageDir = packageDir;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const scripts = (chunks) => [...new Set(chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js'))))].sort();
    compiler.hooks.thisCompilation.tap('LoadGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LoadGraphPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const groups = {};
        const add = (key, files) => (groups[key] = [...new Set([...(groups[key] ?? []), ...files])].sort());
        for (const group of compilation.chunkGroups) {
          const files = scripts(group.chunks);
          if (group.isInitial()) {
            add(`entry:${group.name}`, files);
            continue;
          }
          const keys = new Set();
          for (const block of group.getBlocks()) {
            const parent = compilation.moduleGraph.getParentModule(block.dependencies[0]) ?? block.parent;
            const target = block.dependencies.map((dependency) => compilation.moduleGraph.getModule(dependency)).find(Boolean);
            // A production build concatenates modules: the file is its root module's.
            const resource = target?.resource ?? target?.rootModule?.resource;
            const kind = parent?.constructor?.name ?? '';
            if (kind === 'ContainerEntryModule') keys.add(`expose:${block.dependencies[0]?.exposedName ?? block.groupOptions?.name ?? target?.rawRequest}`);
            else if (kind === 'ProvideSharedModule') keys.add(`provide:${parent._name}`);
            else if (kind === 'ConsumeSharedModule') keys.add(`consume:${parent.options.shareKey}`);
            else if (resource) keys.add(`import:${path.relative(this.packageDir, resource).split(path.sep).join('/')}`);
            else keys.add(`other:${parent?.readableIdentifier(compilation.requestShortener) ?? 'unknown'}`);
          }
          for (const key of keys) add(key, files);
          // A named async chunk (webpackChunkName): the host preloads a route's or a widget's
          // scripts by name, `route-<path>` / `widget-<id>` (host/src/federation/firstScreenScripts.ts).
          if (group.name) add(`chunk:${group.name}`, files);
        }
        compilation.emitAsset('load-graph.json', new sources.RawSource(`${JSON.stringify({ schemaVersion: 1, groups }, null, 1)}\n`));
      });
    });
  }
}

/**
 * Each script also as `<file>.br`, brotli at quality 11 (issue 16: the first visit's JavaScript
 * -15 % against the server's on-the-fly quality 4). The server serves it where the browser
 * accepts br (@fastify/static `preCompressed`), and compresses what has none on the fly.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const zlib = require('node:zlib');
    const brotli = require('node:util').promisify(zlib.brotliCompress);
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, async (assets) => {
        const scripts = Object.keys(assets).filter((name) => name.endsWith('.js'));
        await Promise.all(
          scripts.map(async (name) => {
            const buffer = compilation.getAsset(name).source.buffer();
            const params = { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length };
            compilation.emitAsset(`${name}.br`, new sources.RawSource(await brotli(buffer, { params })), { compressed: true });
          }),
        );
      });
    });
  }
}

/**
 * One copy of the Module Federation runtime in the host's main.js (issue 17). The host provides
 * its runtime-core to the remotes (`provideExternalRuntime`) through a runtime plugin written in
 * CommonJS: its `require()` of the runtime resolved the packages' CommonJS builds, beside the ES
 * module builds the rest of the runtime imports, so main.js carried runtime-core, its sdk and its
 * error codes twice (about 90 KB of the 190 KB of main.js, parsed and run on every visit). The
 * dependencies of that plugin and of the package it goes through resolve the ES builds instead:
 * the plugin hands the remotes the very runtime the host runs.
 */
function oneRuntimeCoreRule() {
  return {
    test: /[\\/]@module-federation[\\/](inject-external-runtime-core-plugin|runtime-tools|runtime)[\\/]dist[\\/].*\.cjs$/,
    resolve: { byDependency: { commonjs: { conditionNames: ['import', 'module', 'webpack', 'browser', 'production', 'default'] } } },
  };
}

/**
 * One bundler runtime in the page as well (issue 38). `externalRuntime` takes only runtime-core
 * from the host; each remoteEntry.js still carried its own @module-federation/webpack-bundler-
 * runtime (consumes, sharing, start-up; with the sdk's logger and error texts, half of its
 * 25 KB). The host puts its copy on the page (federation/providedBundlerRuntimePlugin.mjs, a
 * runtime plugin) and a production remote embeds federation/remoteBundlerRuntime.mjs in place of
 * the package's entry: the same object, its functions from the host's copy. The federation
 * plugin embeds the package by its resolved path (FederationRuntimePlugin's entry template), so
 * the swap matches that file; the alias lets the replacement import the one function the host
 * leaves out (initContainerEntry: the host exposes nothing) from that same copy.
 */
function bundlerRuntimeFromHost(packageDir, webpack) {
  const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack', { paths: [packageDir] }));
  const bundlerEntry = require.resolve('@module-federation/webpack-bundler-runtime/bundler', { paths: [enhancedDir] });
  const packageRoot = path.dirname(path.dirname(bundlerEntry));
  const replacement = path.join(__dirname, 'federation', 'remoteBundlerRuntime.mjs');
  return {
    alias: { '@module-federation/webpack-bundler-runtime': packageRoot },
    plugin: new webpack.NormalModuleReplacementPlugin(/[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/, replacement),
  };
}

/** The host's runtime plugin that hands its bundler runtime to the remotes (see bundlerRuntimeFromHost). */
const PROVIDED_BUNDLER_RUNTIME_PLUGIN = path.join(__dirname, 'federation', 'providedBundlerRuntimePlugin.mjs');

function swcRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
      },
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.packageDir   the package's folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name         MF container name: 'host' or 'mf_live', …
 * @param {'host' | 'remote'} options.role
 * @param {Record<string,string>} [options.exposes]  remote exposes (./routes, ./widgets, ./parcel)
 * @param {string} [options.routeManifest]          a remote's route manifest declaration, relative to packageDir (default src/routeManifest.json)
 * @param {string[]} [options.runtimePlugins]        files of MF runtime plugins (host)
 * @param {string} options.title        page title of the html shell
 * @param {number} options.devPort      webpack-dev-server port
 * @param {{ mode?: string }} argv      webpack-cli's argv
 */
function createFederatedConfig(options, argv = {}) {
  const { packageDir, name, role, exposes = {}, runtimePlugins = [], title, devPort, routeManifest = 'src/routeManifest.json' } = options;
  const HtmlWebpackPlugin = requireFrom(packageDir, 'html-webpack-plugin');
  const { ModuleFederationPlugin } = requireFrom(packageDir, '@module-federation/enhanced/webpack');
  const isProduction = argv.mode !== 'development';
  const isHost = role === 'host';
  const sharedScope = createSharedScope(packageDir);
  // A production remote takes the host's runtime-core (`externalRuntime`) and bundler runtime.
  const usesHostRuntime = !isHost && isProduction;
  const hostBundlerRuntime = usesHostRuntime ? bundlerRuntimeFromHost(packageDir, requireFrom(packageDir, 'webpack')) : null;

  // The host's page and a remote's standalone harness (dev only) are plain html shells.
  const htmlEntry = isHost ? 'main' : 'harness';
  // A production remote has no html entry: only its container (remoteEntry.js) and chunks.
  const hasHtmlEntry = isHost || !isProduction;
  const entry = hasHtmlEntry ? { [htmlEntry]: `./src/${isHost ? 'index' : 'harness/index'}.ts` } : {};

  return {
    mode: isProduction ? 'production' : 'development',
    // Production maps are written beside the bundles (and published with each release) for error
    // reports, but no bundle points at them, and the server never serves *.map in production.
    devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    context: packageDir,
    entry,
    target: 'web',
    output: {
      path: path.join(packageDir, 'dist'),
      // The host is served at /web/; a remote is served wherever its release lives.
      publicPath: isHost ? '/web/' : 'auto',
      // Pitfall 4: no [contenthash] in an entry's filename (host or remote); chunks carry it.
      // Unhashed entries are served no-cache and revalidated, hashed chunks as immutable.
      filename: '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      // SPEC.md section 9: a chunk that has not arrived in 120 s fails ('Loading chunk … failed').
      chunkLoadTimeout: 120_000,
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        ...(hostBundlerRuntime ? hostBundlerRuntime.alias : {}),
      },
    },
    module: { rules: [swcRule(), oneRuntimeCoreRule()] },
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
        // Pitfall 1: 'loaded-first' so a dead remote is never fetched at start-up.
        shareStrategy: 'loaded-first',
        shared: isHost ? providedByTheHost(sharedScope, packageDir) : usesHostRuntime ? takenFromTheHost(sharedScope) : sharedScope,
        runtimePlugins: isHost ? [...runtimePlugins, PROVIDED_BUNDLER_RUNTIME_PLUGIN] : runtimePlugins,
        // Pitfall 6: remotes publish a manifest the host loads by URL at run time.
        manifest: isHost ? false : { fileName: 'mf-manifest.json' },
        // Pitfall 5: the dts plugin breaks with TypeScript 7; contracts live in @sports/shared.
        dts: false,
        // Host remotes are never known at build time: the control plane names them at run time.
        remotes: {},
        // One Module Federation runtime in the page (issue 16: ~25 KB compressed per remote entry):
        // the host puts its runtime-core on the page (globalThis._FEDERATION_RUNTIME_CORE) before
        // it loads any remote, and a production remote's remoteEntry.js uses that one instead of
        // carrying its own (and its bundler runtime: bundlerRuntimeFromHost). A remote's
        // standalone harness (development) keeps its own runtime.
        // `optimization` (issue 38) drops runtime code the site never runs: `target: 'web'` the
        // Node.js paths (main.js -1.5 KiB), `disableRemote` in a remote the code that loads other
        // remotes (only the host loads remotes). Not `disableSnapshot`: the snapshot plugin is
        // what loads a remote by its mf-manifest.json (remoteModuleLoader's registerRemotes), and
        // without it no remote loads (main.js would be 1.2 KiB smaller).
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: usesHostRuntime, optimization: { target: 'web', disableRemote: true } },
      }),
      // With the swap the remote needs the host's bundler runtime, and its release says so; a
      // development build (a remote's harness) carries its own runtime and needs nothing.
      ...(hostBundlerRuntime ? [hostBundlerRuntime.plugin, new HostNeedsPlugin([HOST_CAPABILITIES.bundlerRuntime])] : []),
      ...(isProduction ? [new LoadGraphPlugin(packageDir), new CompileHintsPlugin(), new PrecompressPlugin()] : []),
      ...(isHost ? [new HostSharedRequirementsPlugin(sharedScope, federationPluginVersion(packageDir))] : [new RouteManifestPlugin(name, path.join(packageDir, routeManifest))]),
      ...(hasHtmlEntry
        ? [
            new HtmlWebpackPlugin({
              template: path.join(packageDir, 'src', isHost ? 'index.html' : 'harness/index.html'),
              filename: isHost ? 'index.html' : 'harness.html',
              title,
              chunks: [htmlEntry],
              scriptLoading: 'defer',
            }),
          ]
        : []),
    ],
    devServer: {
      port: devPort,
      host: '127.0.0.1',
      hot: false,
      liveReload: true,
      historyApiFallback: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      devMiddleware: { publicPath: isHost ? '/web/' : '/' },
      // A squad's harness talks to the running site's real API, sockets and live video
      // (HTTP-FLV and HLS under /live), the sandbox payment page (/pay), avatars, gift icons and
      // uploads, so a room plays and a recharge completes in the harness as on the site.
      proxy: [{ context: ['/api', '/ws', '/live', '/pay', '/static', '/uploads'], target: process.env.SITE_URL ?? 'http://127.0.0.1:8080', ws: true, changeOrigin: true }],
    },
  };
}

module.exports = { createFederatedConfig, createSharedScope, SHARED_SUBPATH_SINGLETONS, RouteManifestPlugin, PrecompressPlugin };
