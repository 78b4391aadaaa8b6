import { describe, expect, it } from 'vitest';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { homeWidgetsOf } from './homeWidgets';

describe('homeWidgetsOf', () => {
  it("is the releases' home widgets by order (scores 10, live 20, community 30)", () => {
    expect(homeWidgetsOf(TEST_ASSIGNMENTS)).toEqual([
      { remote: 'mf_scores', widget: 'hotMatches' },
      { remote: 'mf_live', widget: 'liveRecommend' },
      { remote: 'mf_community', widget: 'headlines' },
    ]);
  });

  it('breaks a tie of order by remote name, then by widget id', () => {
    const remotes = [
      testAssignment('mf_scores', { widgets: [{ id: 'table', slot: 'home', order: 5 }, { id: 'hotMatches', slot: 'home', order: 5 }] }),
      testAssignment('mf_live', { widgets: [{ id: 'liveRecommend', slot: 'home', order: 5 }] }),
      testAssignment('mf_community', { widgets: [{ id: 'headlines', slot: 'home', order: 1 }] }),
    ];
    expect(homeWidgetsOf(remotes).map(({ remote, widget }) => `${remote}/${widget}`)).toEqual([
      'mf_community/headlines',
      'mf_live/liveRecommend',
      'mf_scores/hotMatches',
      'mf_scores/table',
    ]);
  });

  it('carries the room a widget asks for on a phone, when it asks', () => {
    const remotes = [
      testAssignment('mf_scores', { widgets: [{ id: 'hotMatches', slot: 'home', order: 10, phoneHeight: 790 }] }),
      testAssignment('mf_live', { widgets: [{ id: 'liveRecommend', slot: 'home', order: 20 }] }),
    ];
    expect(homeWidgetsOf(remotes)).toEqual([
      { remote: 'mf_scores', widget: 'hotMatches', phoneHeight: 790 },
      { remote: 'mf_live', widget: 'liveRecommend' },
    ]);
  });

  it('says which widget is a row of the grid (wide) and which loads near the screen, as its manifest declares', () => {
    const remotes = [
      testAssignment('mf_live', { widgets: [{ id: 'forYou', slot: 'home', order: 15, phoneHeight: 300, wide: true, loadNearScreen: true }, { id: 'liveRecommend', slot: 'home', order: 20, wide: false }] }),
    ];
    expect(homeWidgetsOf(remotes)).toStrictEqual([
      { remote: 'mf_live', widget: 'forYou', phoneHeight: 300, wide: true, loadNearScreen: true },
      { remote: 'mf_live', widget: 'liveRecommend', phoneHeight: undefined, wide: false, loadNearScreen: undefined },
    ]);
  });

  it('has nothing of a remote that is not assigned, or that declares no widget', () => {
    expect(homeWidgetsOf([testAssignment('mf_member')])).toEqual([]);
    expect(homeWidgetsOf([])).toEqual([]);
  });
});
