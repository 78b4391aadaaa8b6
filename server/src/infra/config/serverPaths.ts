import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package folder and the repository root, found from this file so cwd does not matter. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '..');
