import { describe, expect, it } from 'vitest';
import { IMMUTABLE, NO_CACHE, cacheControlFor, isHashedFileName } from './cachePolicy';

describe('cacheControlFor', () => {
  it.each(['123.a1b2c3d4.js', 'main.3f9a0c1e2b4d.js', 'styles.0123456789abcdef.css', 'vendor-1a2b3c4d.js', 'main.3f9a0c1e.js.map'])(
    'caches hashed %s for a year',
    (name) => {
      expect(isHashedFileName(name)).toBe(true);
      expect(cacheControlFor(`/srv/host/dist/${name}`)).toBe(IMMUTABLE);
    },
  );

  it.each(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'main.js', 'logo.png', 'abc.1234567.js', 'release.notes.txt'])(
    'revalidates unhashed %s',
    (name) => {
      expect(isHashedFileName(name)).toBe(false);
      expect(cacheControlFor(name)).toBe(NO_CACHE);
    },
  );
});
