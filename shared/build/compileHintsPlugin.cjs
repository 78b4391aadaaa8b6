// V8's explicit compile hints (Chrome 136+): a script whose first line is the magic comment
// `//# allFunctionsCalledOnLoad` has every function compiled eagerly, on a background thread
// while the script streams in, instead of lazily on the main thread the first time each one is
// called. Without it, V8 pre-parses a function, then parses and compiles it again on its first
// call, inside the task that runs the page: on a phone's first load of /h5 that was a third of
// main.js's evaluation (webpack's module factories, the Module Federation runtime, React's
// first render; issue 17, 2 Dec 2026, e2e/bench/README.md). Other engines read it as a comment.
//
// Every script of ours gets it: webpack splits by import(), so a chunk is fetched when its code
// is about to run (a route's page on navigation, a widget when it shows), and its module
// factories and first render are what run then. The cost is compile time and memory for the
// functions of a chunk that never run (a handler never used), off the main thread.
const MAGIC_COMMENT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After the minifier (which drops comments) and before the source maps are written (the
      // map of a ConcatSource accounts for the added line) and the .br copies are made.
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!name.endsWith('.js')) continue;
          compilation.updateAsset(name, (source) => new sources.ConcatSource(MAGIC_COMMENT, source));
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin, MAGIC_COMMENT };
