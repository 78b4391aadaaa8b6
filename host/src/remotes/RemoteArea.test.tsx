import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme, type RemoteName } from '@sports/shared';
import type { ExposedModule, RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { RemoteArea } from './RemoteArea';
import { RemoteLoaderContext } from './RemoteLoaderContext';

/**
 * A loader standing in for the Module Federation runtime (the real one is exercised by the
 * Playwright journeys with a remote's files made unreachable). Each load takes the next result.
 */
function scriptedLoader(results: Array<{ ok: true; module: unknown } | { ok: false; error: Error }>) {
  const calls = { load: 0, retry: 0 };
  const loader = {
    load: vi.fn(async (_remote: RemoteName, _exposed: ExposedModule) => {
      const result = results[Math.min(calls.load++, results.length - 1)];
      if (!result) throw new Error('no scripted result');
      if (!result.ok) throw result.error;
      return result.module;
    }),
    retry: vi.fn(async () => void calls.retry++),
    versionOf: () => '1.2.3',
  };
  return { loader: loader as unknown as RemoteModuleLoader, calls };
}

function renderArea(loader: RemoteModuleLoader, children: (module: { text: string }) => React.ReactNode) {
  return render(
    <RemoteLoaderContext.Provider value={loader}>
      <ThemeProvider theme={theme}>
        <RemoteArea<{ text: string }> remote="mf_live" exposed="routes">
          {children}
        </RemoteArea>
      </ThemeProvider>
    </RemoteLoaderContext.Provider>,
  );
}

const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response('{"code":200}');
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('RemoteArea', () => {
  it('renders the loaded module', async () => {
    const { loader } = scriptedLoader([{ ok: true, module: { text: 'live page' } }]);
    renderArea(loader, (module) => <p>{module.text}</p>);
    expect(await screen.findByText('live page')).toBeTruthy();
  });

  it('shows the contained fallback on a load failure, and retry starts the remote over', async () => {
    const { loader, calls } = scriptedLoader([
      { ok: false, error: new Error('manifest unreachable') },
      { ok: true, module: { text: 'back again' } },
    ]);
    renderArea(loader, (module) => <p>{module.text}</p>);
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.getAttribute('data-remote')).toBe('mf_live');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('back again')).toBeTruthy();
    expect(calls.retry).toBe(1);
  });

  it('contains a render error, reports it with the release, and retry renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let shouldThrow = true;
    function Flaky() {
      if (shouldThrow) throw new Error('widget exploded');
      return <p>recovered</p>;
    }
    const { loader } = scriptedLoader([{ ok: true, module: { text: '' } }]);
    renderArea(loader, () => <Flaky />);
    expect(await screen.findByTestId('remote-fallback')).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ remote: 'mf_live', version: '1.2.3', phase: 'render', message: 'widget exploded' })]);
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('recovered')).toBeTruthy();
  });
});
