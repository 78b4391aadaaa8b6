import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

const unbrotli = promisify(brotliDecompress);

/** Compressed copies the build writes beside a file, and which the site serves in its place. */
const COMPRESSED_SUFFIXES = ['.br'] as const;

/**
 * The build writes `chunk.js.br` beside `chunk.js`, and the site sends the `.br` to every browser
 * that takes brotli (@fastify/static preCompressed). A release whose copy says something else than
 * its file (a chunk edited after the build, a copy from another build) would run different code
 * for different browsers, so registration refuses it: each copy must have its file beside it and
 * decompress to exactly its bytes. `files` are the release's paths relative to `folder`.
 */
export async function compressedCopyProblems(folder: string, files: readonly string[]): Promise<string[]> {
  const present = new Set(files);
  const problems: string[] = [];
  for (const copy of files) {
    const suffix = COMPRESSED_SUFFIXES.find((candidate) => copy.endsWith(candidate));
    if (!suffix) continue;
    const original = copy.slice(0, -suffix.length);
    if (!present.has(original)) {
      problems.push(`${copy} has no ${original} beside it`);
      continue;
    }
    const [compressed, expected] = await Promise.all([fs.readFile(path.join(folder, ...copy.split('/'))), fs.readFile(path.join(folder, ...original.split('/')))]);
    const decompressed = await unbrotli(compressed).catch(() => null);
    if (!decompressed) problems.push(`${copy} is not valid brotli`);
    else if (!decompressed.equals(expected)) problems.push(`${copy} does not decompress to ${original} (browsers that take br would get other code): rebuild, or delete the copy`);
  }
  return problems;
}
