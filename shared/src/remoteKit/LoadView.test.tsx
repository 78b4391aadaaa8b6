import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '../messages/zhCN';
import { theme } from '../theme/theme';
import { LoadView } from './LoadView';

const themed = (node: ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);

describe('LoadView', () => {
  it('shows a status while loading (加载中… unless told otherwise)', () => {
    themed(<LoadView state={{ status: 'loading' }} failed="加载失败">{() => 'data'}</LoadView>);
    expect(screen.getByRole('status').textContent).toBe(sharedMessages.loading);
    cleanup();
    themed(<LoadView state={{ status: 'loading' }} failed="加载失败" loadingText="Loading…">{() => 'data'}</LoadView>);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('shows the failure with a retry button that calls onRetry', () => {
    let retries = 0;
    themed(<LoadView state={{ status: 'failed' }} failed="直播列表加载失败" onRetry={() => (retries += 1)}>{() => 'data'}</LoadView>);
    screen.getByText(/直播列表加载失败/);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: sharedMessages.retry }));
    expect(retries).toBe(1);
  });

  it('announces the failure when asked, and has no retry button without onRetry', () => {
    themed(<LoadView state={{ status: 'failed' }} failed="加载失败" announceFailure retryLabel="Retry">{() => 'data'}</LoadView>);
    expect(screen.getByRole('alert').textContent).toContain('加载失败');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders the data once ready', () => {
    themed(<LoadView state={{ status: 'ready', data: ['a', 'b'] }} failed="加载失败">{(data) => <p>{data.join(',')}</p>}</LoadView>);
    screen.getByText('a,b');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
