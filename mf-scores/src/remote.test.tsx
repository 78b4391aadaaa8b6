import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestContext, renderRemotePage, renderRemoteWidget } from '@sports/shared/testing';
import { routes } from './routes';
import { widgets } from './widgets';

describe('mf-scores', () => {
  it('owns the scores routes', () => {
    expect(routes.map((route) => route.path).sort()).toEqual(
      ['basketball', 'bifen', 'football', 'foresight', 'schedule', 'score-detail', 'trophy/home', 'player', 'team'].sort(),
    );
  });

  it.each([
    ['football', '足球'],
    ['basketball', '篮球'],
    ['bifen', '比分'],
    ['score-detail', '比赛详情'],
    ['schedule', '赛程'],
    ['foresight', '情报中心'],
    ['trophy/home', '世界杯'],
    ['player', '球员'],
    ['team', '球队'],
  ])('#/%s is a titled page of mf-scores, even when the server does not answer', async (path, title) => {
    renderRemotePage(routes, path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(heading.closest('[data-remote="mf-scores"]')).toBeTruthy();
  });

  // The hot matches widget's matches, rooms and competitions: widgets/HotMatchesWidget.test.tsx.
  it('hot matches widget says so when the list cannot load', async () => {
    renderRemoteWidget(widgets, 'hotMatches', createTestContext({}));
    expect(await screen.findByText('热门赛事暂时无法加载')).toBeTruthy();
  });
});
