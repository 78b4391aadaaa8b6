import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_SCREEN_MARGIN_PX } from '@sports/shared';
import { useNearScreen } from './useNearScreen';

/** The browser's IntersectionObserver, as far as the hook uses it: the test says when the area is near. */
class TestObserver {
  static made: TestObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    TestObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

function Area({ waits }: { waits: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref, waits);
  return <div ref={ref} data-testid="area">{near ? 'loaded' : 'waiting'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  TestObserver.made = [];
});

describe('useNearScreen: a below-the-fold widget loads when its area comes near the screen', () => {
  it('waits until its area is within the margin below the screen, then stays loaded', () => {
    vi.stubGlobal('IntersectionObserver', TestObserver);
    render(<Area waits />);
    expect(screen.getByTestId('area').textContent).toBe('waiting');
    const [observer] = TestObserver.made;
    expect(observer?.observed).toEqual([screen.getByTestId('area')]);
    expect(observer?.options.rootMargin).toBe(`0px 0px ${NEAR_SCREEN_MARGIN_PX}px 0px`);
    act(() => observer?.report([{ isIntersecting: false }]));
    expect(screen.getByTestId('area').textContent).toBe('waiting');
    act(() => observer?.report([{ isIntersecting: true }]));
    expect(screen.getByTestId('area').textContent).toBe('loaded');
    expect(observer?.disconnected).toBe(true);
  });

  it('a widget that does not wait, or a browser without IntersectionObserver: loaded at once', () => {
    vi.stubGlobal('IntersectionObserver', TestObserver);
    render(<Area waits={false} />);
    expect(screen.getByTestId('area').textContent).toBe('loaded');
    expect(TestObserver.made).toEqual([]);
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Area waits />);
    expect(screen.getAllByTestId('area')[1]?.textContent).toBe('loaded');
  });
});
