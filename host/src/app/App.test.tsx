import { act, screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { createTestServices } from '../layout/testing/renderWithHost';
import { App } from './App';

const loader = { load: vi.fn(() => new Promise(() => undefined)), retry: vi.fn(), versionOf: () => null } as unknown as RemoteModuleLoader;

let container: HTMLDivElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

describe('App', () => {
  // bootstrap.tsx renders the shell as a transition and starts the session check in onMounted:
  // an answer that is an event (the 确认退出 dialog, a toast) must find the shell listening.
  it('calls onMounted once the shell (its dialogs and toasts) listens, when first rendered as a transition', async () => {
    const { services, assignments, eventBus } = createTestServices({ answers: { get: { 'api/mf/remotes': { remotes: [] } } } });
    const onMounted = vi.fn(() => eventBus.emit('session:logoutConfirm', { code: 50014 }));
    container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    await act(async () => {
      startTransition(() => root.render(<App services={services} assignments={assignments} loader={loader} onMounted={onMounted} />));
    });
    await waitFor(() => expect(screen.getByRole('dialog', { name: '确认退出' })).toBeTruthy());
    expect(onMounted).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
