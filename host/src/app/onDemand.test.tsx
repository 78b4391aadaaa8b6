import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { onDemand } from './onDemand';

const panelModule = { Panel: () => <p>面板</p> };

function Shell({ part, open }: { part: ReturnType<typeof onDemand<typeof panelModule>>; open: boolean }) {
  const Panel = part.useLoaded(open)?.Panel;
  return open && Panel ? <Panel /> : null;
}

it('fetches nothing until needed or preloaded; then renders the part when it arrives, and at once afterwards', async () => {
  const importModule = vi.fn(async () => panelModule);
  const part = onDemand(importModule);
  const { rerender, unmount } = render(<Shell part={part} open={false} />);
  expect(importModule).not.toHaveBeenCalled();
  rerender(<Shell part={part} open />);
  expect(await screen.findByText('面板')).toBeTruthy();
  unmount();
  // A later render has it in its first commit.
  render(<Shell part={part} open />);
  expect(screen.getByText('面板')).toBeTruthy();
  part.preload();
  expect(importModule).toHaveBeenCalledTimes(1);
});

it('a failed fetch renders nothing and is asked again the next time it is needed', async () => {
  const importModule = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(panelModule);
  const part = onDemand<typeof panelModule>(importModule);
  part.preload();
  await act(async () => undefined);
  expect(part.loaded()).toBeNull();
  render(<Shell part={part} open />);
  expect(await screen.findByText('面板')).toBeTruthy();
  expect(importModule).toHaveBeenCalledTimes(2);
});
