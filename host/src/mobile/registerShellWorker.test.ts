import { describe, expect, it, vi } from 'vitest';
import { registerShellWorker } from './registerShellWorker';

function fakeServiceWorker(register = vi.fn(async () => ({}))) {
  return { register };
}

describe('registerShellWorker', () => {
  it('registers /h5/sw.js with the /h5/ scope on the mobile shell', async () => {
    const serviceWorker = fakeServiceWorker();
    expect(await registerShellWorker({ pathname: '/h5/', serviceWorker })).toBe(true);
    expect(serviceWorker.register).toHaveBeenCalledWith('/h5/sw.js', { scope: '/h5/' });
  });

  it('never registers on the desktop site', async () => {
    const serviceWorker = fakeServiceWorker();
    for (const pathname of ['/web/', '/', '/h50/']) expect(await registerShellWorker({ pathname, serviceWorker })).toBe(false);
    expect(serviceWorker.register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', async () => {
    expect(await registerShellWorker({ pathname: '/h5/', serviceWorker: undefined })).toBe(false);
  });

  it('answers false when the browser refuses, so the page goes on online', async () => {
    const serviceWorker = fakeServiceWorker(vi.fn(async () => Promise.reject(new Error('SecurityError'))));
    expect(await registerShellWorker({ pathname: '/h5/', serviceWorker })).toBe(false);
  });
});
