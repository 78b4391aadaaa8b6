import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

/**
 * Compressed copies a release may carry beside a file, each with how to read it back: the site
 * serves any of them in the file's place (@fastify/static `preCompressed`: `.br` to browsers that
 * take brotli, else `.gz` for gzip, else `.deflate`). The build writes `.br`; the others, should a
 * release carry them, are checked the same way.
 */
const COMPRESSED_COPIES = [
  { suffix: '.br', format: 'brotli', encoding: 'br', decompress: promisify(brotliDecompress) },
  { suffix: '.gz', format: 'gzip', encoding: 'gzip', decompress: promisify(gunzip) },
  { suffix: '.deflate', format: 'deflate', encoding: 'deflate', decompress: promisify(inflate) },
] as const;

/**
 * Used where a release's files are handled: `pnpm mf publish` checks the build before uploading
 * it, and the control plane checks the staged release again before registering it
 * (server/src/rollouts/releaseStore.ts), whoever uploaded it.
 *
 * The build writes `chunk.js.br` beside `chunk.js`, and the site sends the `.br` to every browser
 * that takes brotli (a `chunk.js.gz` to those that take gzip only). A release whose copy says something else than
 * its file (a chunk edited after the build, a copy from another build) would run different code
 * for different browsers, so registration refuses it: each copy must have its file beside it and
 * decompress to exactly its bytes. `files` are the release's paths relative to `folder`.
 */
export async function compressedCopyProblems(folder: string, files: readonly string[]): Promise<string[]> {
  const present = new Set(files);
  const problems: string[] = [];
  for (const copy of files) {
    const kind = COMPRESSED_COPIES.find((candidate) => copy.endsWith(candidate.suffix));
    if (!kind) continue;
    const original = copy.slice(0, -kind.suffix.length);
    if (!present.has(original)) {
      problems.push(`${copy} has no ${original} beside it`);
      continue;
    }
    const [compressed, expected] = await Promise.all([fs.readFile(path.join(folder, ...copy.split('/'))), fs.readFile(path.join(folder, ...original.split('/')))]);
    const decompressed = await kind.decompress(compressed).catch(() => null);
    if (!decompressed) problems.push(`${copy} is not valid ${kind.format}`);
    else if (!decompressed.equals(expected)) problems.push(`${copy} does not decompress to ${original} (browsers that take ${kind.encoding} would get other code): rebuild, or delete the copy`);
  }
  return problems;
}
