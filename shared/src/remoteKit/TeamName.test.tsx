import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamName } from './TeamName';

afterEach(cleanup);

describe('TeamName', () => {
  it('shows the whole name, carries it as its title, one line cut with an ellipsis at the end, read left to right', () => {
    render(
      <div style={{ display: 'flex', justifyContent: 'flex-end', width: 60 }}>
        <TeamName name="Gen.G电子竞技俱乐部" />
      </div>,
    );
    const name = screen.getByText('Gen.G电子竞技俱乐部');
    expect(name.getAttribute('title')).toBe('Gen.G电子竞技俱乐部');
    const style = getComputedStyle(name);
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.overflow).toBe('hidden');
    expect(style.whiteSpace).toBe('nowrap');
    expect(style.direction).toBe('ltr');
    expect(style.minWidth).toMatch(/^0(px)?$/);
    expect(style.maxWidth).toBe('100%');
  });
});
