import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A server secret: the configured value, else one generated once and kept in `DATA_DIR/<file>`
 * (mode 0600), so restarts keep signatures valid. Several processes starting at once agree on
 * the first one linked into place.
 */
export async function loadOrCreateSecret(configured: string | null, dataDir: string, fileName: string): Promise<string> {
  if (configured !== null) return configured;
  const file = path.join(dataDir, fileName);
  await fs.mkdir(dataDir, { recursive: true });
  const existing = await readSecret(file);
  if (existing !== null) return existing;
  // Written aside, then linked into place: link() fails if the file exists, and a reader never
  // sees a half-written file.
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await fs.writeFile(aside, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await fs.link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(aside, { force: true });
  }
  const secret = await readSecret(file);
  if (secret === null) throw new Error(`${file} is empty: delete it to have a new secret generated`);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const value = (await fs.readFile(file, 'utf8')).trim();
    return value === '' ? null : value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
