import { afterEach, describe, expect, it } from 'vitest';
import { inlineJsonScript } from './testing/inlineJsonScript';
import { MANIFESTS_ELEMENT_ID, exposedModuleScripts, inlineManifestsPlugin, readInlineManifests } from './inlineManifests';

const MANIFEST_URL = '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json';
const ABSOLUTE_MANIFEST_URL = new URL(MANIFEST_URL, document.baseURI).href;

/** The fields of a remote's mf-manifest.json the host reads, as the build writes them. */
const manifest = (publicPath = 'auto') => ({
  name: 'mf_live',
  metaData: { publicPath },
  exposes: [
    { name: 'routes', path: './routes', assets: { js: { sync: ['__federation_expose_routes.512dba8673.js'], async: ['216.900e346ef0.js'] } } },
    { name: 'widgets', path: './widgets', assets: { js: { sync: ['__federation_expose_widgets.253beffb65.js'], async: ['546.c58abba110.js'] } } },
  ],
});

const inline = (text: string) => inlineJsonScript(MANIFESTS_ELEMENT_ID, text);

afterEach(() => document.getElementById(MANIFESTS_ELEMENT_ID)?.remove());

describe('the releases’ manifests inlined in the page', () => {
  it('reads them by absolute address; none when the page has none, they do not parse, or an entry is not an object', () => {
    expect(readInlineManifests().size).toBe(0);
    inline(
      JSON.stringify({
        [MANIFEST_URL]: { manifest: manifest(), scripts: { 'route-live': ['162.607de5f857.js', 'route-live.a1c4be4223.js', 7], 'route-rank': 'x.js' } },
        '/web/releases/mf-scores/2/mf-manifest.json': { manifest: 'not a manifest', scripts: {} },
        '/web/releases/mf-scores/3/mf-manifest.json': null,
      }),
    );
    expect([...readInlineManifests().keys()]).toEqual([ABSOLUTE_MANIFEST_URL]);
    // Only lists of file names are kept.
    expect(readInlineManifests().get(ABSOLUTE_MANIFEST_URL)).toEqual({ manifest: manifest(), scripts: { 'route-live': ['162.607de5f857.js', 'route-live.a1c4be4223.js'] } });
    document.getElementById(MANIFESTS_ELEMENT_ID)!.textContent = '{"/web/releases/';
    expect(readInlineManifests().size).toBe(0);
    document.getElementById(MANIFESTS_ELEMENT_ID)!.textContent = '[1, 2]';
    expect(readInlineManifests().size).toBe(0);
  });

  it('answers the runtime’s fetch of an inlined manifest from the page (relative or absolute address), and leaves any other to the network', async () => {
    const plugin = inlineManifestsPlugin(new Map([[ABSOLUTE_MANIFEST_URL, { manifest: manifest(), scripts: {} }]]));
    const fetchHook = plugin.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined;
    for (const url of [MANIFEST_URL, ABSOLUTE_MANIFEST_URL]) {
      const response = await fetchHook(url, {});
      expect(response?.status).toBe(200);
      expect(await response?.json()).toEqual(manifest());
    }
    expect(fetchHook('/web/releases/mf-live/0.9.0-fallback01/mf-manifest.json', {})).toBeUndefined();
  });

  it('names the first scripts of an exposed module, beside the manifest (publicPath auto) or under its publicPath', () => {
    expect(exposedModuleScripts(manifest(), ABSOLUTE_MANIFEST_URL, 'widgets')).toEqual([new URL('/web/releases/mf-live/1.0.0-stable0001/__federation_expose_widgets.253beffb65.js', document.baseURI).href]);
    expect(exposedModuleScripts(manifest('https://cdn.example/live/7/'), ABSOLUTE_MANIFEST_URL, 'routes')).toEqual(['https://cdn.example/live/7/__federation_expose_routes.512dba8673.js']);
    expect(exposedModuleScripts(manifest(), ABSOLUTE_MANIFEST_URL, 'parcel')).toEqual([]);
    expect(exposedModuleScripts(undefined, ABSOLUTE_MANIFEST_URL, 'routes')).toEqual([]);
    expect(exposedModuleScripts({ exposes: [{ name: 'routes', assets: { js: { sync: 'x.js' } } }] }, ABSOLUTE_MANIFEST_URL, 'routes')).toEqual([]);
  });
});
