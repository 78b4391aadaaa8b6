import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '@sports/shared/testing';
import type { MatchCentreDelta } from '@sports/shared/matchCentre';
import { createFrameRelay, type FrameRelay } from './frameRelay';
import { useCentreDocs } from './useCentreDocs';

type Docs = { shots: number[] };
const apply = (docs: Docs, delta: MatchCentreDelta): Docs => ({ shots: [...new Set([...docs.shots, ...(delta.shots ?? []).map((shot) => shot.id)])].sort((a, b) => a - b) });
const delta = (...ids: number[]): MatchCentreDelta =>
  ({ match_id: 5, sport: 'football', status: 'live', shots: ids.map((id) => ({ id })) }) as unknown as MatchCentreDelta;
const frame = (data: MatchCentreDelta) => ({ code: 100 as const, type: 'match_centre' as const, seq: 1, data });

function Probe({ relay, load }: { relay: FrameRelay; load: () => Promise<Docs> }) {
  const { docs } = useCentreDocs(createTestContext(), 'probe', 5, relay, load, apply);
  return <p data-testid="shots">{docs === null ? 'none' : docs.shots.join(',')}</p>;
}

function deferred() {
  let resolve: (docs: Docs) => void = () => undefined;
  const promise = new Promise<Docs>((done) => (resolve = done));
  return { promise, resolve };
}

describe('useCentreDocs', () => {
  it('applies a delta that came while the documents were asked on their answer, and later ones as they come', async () => {
    const relay = createFrameRelay(5);
    const answer = deferred();
    render(<Probe relay={relay} load={() => answer.promise} />);
    act(() => relay.relay(frame(delta(3))));
    expect(screen.getByTestId('shots').textContent).toBe('none');
    await act(async () => answer.resolve({ shots: [1, 2] }));
    expect(screen.getByTestId('shots').textContent).toBe('1,2,3');
    act(() => relay.relay(frame(delta(4))));
    expect(screen.getByTestId('shots').textContent).toBe('1,2,3,4');
    // Another match's delta is not this page's.
    act(() => relay.relay(frame({ ...delta(9), match_id: 6 })));
    expect(screen.getByTestId('shots').textContent).toBe('1,2,3,4');
  });

  it('fetches the documents again when the socket lost deltas (resynced), keeping the charts meanwhile', async () => {
    const relay = createFrameRelay(5);
    const answers = [{ shots: [1] }, { shots: [1, 2, 3] }];
    let asked = 0;
    render(<Probe relay={relay} load={async () => answers[asked++]!} />);
    await screen.findByText('1');
    await act(async () => relay.resynced());
    expect(asked).toBe(2);
    expect(screen.getByTestId('shots').textContent).toBe('1,2,3');
  });
});
