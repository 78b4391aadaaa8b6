import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compressedCopyProblems } from './compressedCopies';

const SCRIPT = 'console.log("release 1");';

async function folderWith(files: Record<string, string | Buffer>): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'compressed-copies-'));
  onTestFinished(() => fs.rm(folder, { recursive: true, force: true }));
  for (const [name, bytes] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await fs.writeFile(path.join(folder, name), bytes);
  }
  return folder;
}

describe('compressedCopyProblems', () => {
  it('accepts copies that decompress to their file, and files without a copy', async () => {
    const files = { 'chunk.js': SCRIPT, 'chunk.js.br': brotliCompressSync(SCRIPT), 'static/js/other.js': 'x', 'static/js/other.js.br': brotliCompressSync('x'), 'small.js': 'y' };
    expect(await compressedCopyProblems(await folderWith(files), Object.keys(files))).toEqual([]);
  });

  it('names a stale copy, a copy without its file and a copy that is not brotli, all at once', async () => {
    const files = {
      'chunk.js': `throw new Error('edited after the build');\n${SCRIPT}`,
      'chunk.js.br': brotliCompressSync(SCRIPT),
      'gone.js.br': brotliCompressSync(SCRIPT),
      'noise.js': SCRIPT,
      'noise.js.br': 'not brotli at all',
    };
    expect(await compressedCopyProblems(await folderWith(files), Object.keys(files))).toEqual([
      'chunk.js.br does not decompress to chunk.js (browsers that take br would get other code): rebuild, or delete the copy',
      'gone.js.br has no gone.js beside it',
      'noise.js.br is not valid brotli',
    ]);
  });
});

describe('compressedCopyProblems with gzip copies (the site serves x.js.gz to browsers that take gzip only)', () => {
  it('accepts a gzip (or deflate) copy of its file, and names a stale one, one without its file and one that is not gzip', async () => {
    const good = { 'chunk.js': SCRIPT, 'chunk.js.gz': gzipSync(SCRIPT), 'chunk.js.br': brotliCompressSync(SCRIPT), 'chunk.js.deflate': deflateSync(SCRIPT) };
    expect(await compressedCopyProblems(await folderWith(good), Object.keys(good))).toEqual([]);
    const bad = {
      'chunk.js': `throw new Error('edited after the build');\n${SCRIPT}`,
      'chunk.js.gz': gzipSync(SCRIPT),
      'gone.js.gz': gzipSync(SCRIPT),
      'noise.js': SCRIPT,
      'noise.js.gz': brotliCompressSync(SCRIPT),
      'old.js': SCRIPT,
      'old.js.deflate': deflateSync('console.log("release 0");'),
    };
    expect(await compressedCopyProblems(await folderWith(bad), Object.keys(bad))).toEqual([
      'chunk.js.gz does not decompress to chunk.js (browsers that take gzip would get other code): rebuild, or delete the copy',
      'gone.js.gz has no gone.js beside it',
      'noise.js.gz is not valid gzip',
      'old.js.deflate does not decompress to old.js (browsers that take deflate would get other code): rebuild, or delete the copy',
    ]);
  });
});
