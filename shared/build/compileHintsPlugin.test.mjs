// The compile hint in a real production build (webpack with its minifier, hidden source maps and
// the .br copies, as createFederatedConfig.cjs runs them): every script starts with V8's magic
// comment, the minifier did not drop it, the source map still points at the right lines, and the
// brotli copy the server sends is the hinted script.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';

// Build tools are the host's devDependencies (pnpm is strict).
const hostRequire = createRequire(new URL('../../host/package.json', import.meta.url));
const webpack = hostRequire('webpack');
const require = createRequire(import.meta.url);
const { CompileHintsPlugin, MAGIC_COMMENT } = require('./compileHintsPlugin.cjs');
const { PrecompressPlugin } = require('./createFederatedConfig.cjs');

const root = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ENTRY = ['// a comment the minifier drops', 'export function scoreLine(home, away) {', "  return `${home} : ${away}`;", '}', "document.title = scoreLine(2, 1);", "import('./later.js').then((later) => later.show(document.title));", ''].join('\n');
const LATER = ['export function show(text) {', '  console.log(`now: ${text}`);', '}', ''].join('\n');

/** The two files both builds start from, in <root>/src. */
function writeSources() {
  const source = path.join(root, 'src');
  mkdirSync(source, { recursive: true });
  writeFileSync(path.join(source, 'index.js'), ENTRY);
  writeFileSync(path.join(source, 'later.js'), LATER);
}

/** A production build of <root>/src into <root>/<out>, with or without the hint. */
function build(out, withHints) {
  const compiler = webpack({
    mode: 'production',
    devtool: 'hidden-source-map',
    context: root,
    entry: { main: './src/index.js' },
    output: { path: path.join(root, out), filename: '[name].js', chunkFilename: '[name].[contenthash:10].js' },
    plugins: [...(withHints ? [new CompileHintsPlugin()] : []), new PrecompressPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      compiler.close(() => resolve());
    }),
  );
}

describe('CompileHintsPlugin in a production build', () => {
  let scripts;
  before(async () => {
    writeSources();
    await build('dist', true);
    await build('plain', false);
    scripts = readdirSync(path.join(root, 'dist')).filter((file) => file.endsWith('.js'));
  });
  const read = (file, out = 'dist') => readFileSync(path.join(root, out, file), 'utf8');
  // A chunk's name (in main.js, in a map's "file") carries its [contenthash], of its own bytes.
  const unhashed = (code) => code.replace(/\.[0-9a-f]{10}\.js/g, '.[contenthash].js');

  it('puts the magic comment first in the entry and in every chunk, after minifying', () => {
    assert.equal(scripts.length, 2, `an entry and the import()ed chunk: ${scripts.join(', ')}`);
    for (const file of scripts) {
      assert.ok(read(file).startsWith(MAGIC_COMMENT), `${file} starts with ${JSON.stringify(read(file).slice(0, 40))}`);
      assert.ok(!read(file).includes('a comment the minifier drops'), `${file} was minified`);
    }
  });

  it('keeps the source maps right: the same code and mappings, one line further down', () => {
    // A chunk's [contenthash] is of its hinted bytes: the plain build's chunk has the same [name].
    const plainScripts = readdirSync(path.join(root, 'plain')).filter((file) => file.endsWith('.js'));
    const plainOf = (file) => plainScripts.find((candidate) => candidate.split('.')[0] === file.split('.')[0]);
    for (const file of scripts) {
      const plainFile = plainOf(file);
      assert.ok(plainFile, `the plain build has ${file}`);
      assert.equal(unhashed(read(file)), unhashed(MAGIC_COMMENT + read(plainFile, 'plain')), `${file} is the plain build's, hinted`);
      const hinted = JSON.parse(read(`${file}.map`));
      const plain = JSON.parse(read(`${plainFile}.map`, 'plain'));
      // A ';' in the mappings starts the next generated line: the first (the hint) maps to nothing.
      assert.equal(hinted.mappings, `;${plain.mappings}`, `${file}.map`);
      assert.deepEqual(hinted.sources, plain.sources);
    }
  });

  it('compresses the hinted script: each .br copy is its script byte for byte', () => {
    for (const file of scripts) {
      assert.equal(brotliDecompressSync(readFileSync(path.join(root, 'dist', `${file}.br`))).toString('utf8'), read(file), file);
    }
  });
});
