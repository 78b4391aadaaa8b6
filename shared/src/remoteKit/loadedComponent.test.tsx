import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadComponent, useLoadedComponent, type ComponentLoader } from './loadedComponent';

function Shown({ load }: { load: ComponentLoader<{ name: string }> }) {
  const Loaded = useLoadedComponent(load);
  return Loaded ? <Loaded name="page" /> : <p>loading</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;

describe('useLoadedComponent', () => {
  it('shows the loading view, then the component as soon as its code resolves', async () => {
    const code = deferred<{ default: typeof Page }>();
    render(<Shown load={() => code.promise} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => code.resolve({ default: Page }));
    expect(screen.getByRole('heading', { name: 'page' })).toBeTruthy();
  });

  it('renders a preloaded component in the first render, loading its code once', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.resolve({ default: Page });
    };
    await preloadComponent(load);
    render(<Shown load={load} />);
    expect(screen.getByRole('heading', { name: 'page' })).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('throws a failed load to the error boundary without loading again', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return Promise.reject(new Error('chunk failed'));
    };
    render(
      <Boundary>
        <Shown load={load} />
      </Boundary>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed');
    expect(attempts).toBe(1);
  });
});
