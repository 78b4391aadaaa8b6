import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, Field, LoadView, requireLogin, Select, TextInput, useLoad, userInfoAtom, type Prediction, type PredictionTemplate, type RemoteContext } from '@sports/shared';
import { PanelCard, PanelCardList, PanelCardRow } from '../ui/PanelCards';
import { newIdempotencyKey } from '../gifts/idempotencyKey';
import { predictionCopy as copy } from './predictionCopy';
import { predictionsApi } from './predictionsApi';
import { predictionTallyAtom, withTally } from './predictionTally';

/** While the panel is open the list is read again this often (the room's chat also pushes the tallies). */
export const PREDICTION_REFRESH_MS = 2_000;

const Card = styled(PanelCard)`
  h4 {
    flex-wrap: nowrap;
  }
`;

const Outcomes = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Share = styled.div<{ $share: number }>`
  height: 4px;
  border-radius: 2px;
  background: linear-gradient(to right, ${({ theme }) => theme.colors.brand} ${({ $share }) => $share}%, ${({ theme }) => theme.colors.border} ${({ $share }) => $share}%);
`;

export interface PredictionPanelProps {
  context: RemoteContext;
  roomId: number;
  /** The room's anchor or an admin: may open and cancel predictions. */
  manager: boolean;
  /** The room is the viewer's own (an anchor does not stake in their own room). */
  owner: boolean;
  /** The panel is open: the tallies are read again every PREDICTION_REFRESH_MS (closed: not at all). */
  active?: boolean;
}

/**
 * The room's 竞猜 panel: its predictions with live tallies (each outcome's share and points), a
 * stake form (an outcome and points) while open, the result and the member's payout once settled;
 * the room's anchor and admins get the create form and a cancel button.
 */
export function PredictionPanel({ context, roomId, manager, owner, active = true }: PredictionPanelProps) {
  const { state, reload } = useLoad(`predictions:${roomId}`, () => predictionsApi(context.api).roomList(roomId));
  // Tallies the room's chat pushes (at most twice a second): applied to the cards at once; a
  // state change (locked, settled) reads the list again for the result and the member's payout.
  const pushed = useAtomValue(predictionTallyAtom);
  const tallies = useRef(new Map<number, NonNullable<typeof pushed>>());
  if (pushed !== null && pushed.roomId === roomId) tallies.current.set(pushed.id, pushed);
  useEffect(() => {
    if (pushed === null || pushed.roomId !== roomId || state.status !== 'ready') return;
    const shown = state.data.list.find((prediction) => prediction.id === pushed.id);
    if (shown === undefined || shown.state !== pushed.state) reload();
  }, [pushed, roomId, state, reload]);
  useEffect(() => {
    if (!active) return;
    reload();
    const timer = setInterval(reload, PREDICTION_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, active]);
  return (
    <div data-testid="prediction-panel">
      {manager && <CreateForm context={context} roomId={roomId} onCreated={reload} />}
      <LoadView state={state} failed={copy.loadFailed} onRetry={reload}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="muted">{copy.empty}</p>
          ) : (
            <PanelCardList>
              {page.list.map((prediction) => (
                <PredictionCard key={prediction.id} context={context} prediction={withTally(prediction, tallies.current.get(prediction.id))} manager={manager} owner={owner} onChanged={reload} />
              ))}
            </PanelCardList>
          )
        }
      </LoadView>
    </div>
  );
}

interface CardProps {
  context: RemoteContext;
  prediction: Prediction;
  manager: boolean;
  owner: boolean;
  onChanged: () => void;
}

function PredictionCard({ context, prediction, manager, owner, onChanged }: CardProps) {
  const user = useAtomValue(userInfoAtom);
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const open = prediction.state === 'open';
  const mine = prediction.mine;
  const labelOf = (index: number | null) => (index === null ? '' : (prediction.outcomes[index]?.label ?? ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !requireLogin(context)) return;
    if (picked === null) return setProblem(copy.pickOutcome);
    const points = Number(amount);
    if (!/^[0-9]+$/.test(amount.trim()) || !Number.isSafeInteger(points) || points < 1) return setProblem(copy.badAmount);
    setPending(true);
    try {
      await predictionsApi(context.api).stake(prediction.id, picked, points, key);
      context.eventBus.emit('toast', { kind: 'success', message: copy.staked, durationMs: 2_000 });
      setKey(newIdempotencyKey());
      setAmount('');
      onChanged();
    } catch {
      // The API client showed the server's message (积分不足, 竞猜已截止…); a new attempt gets a new key.
      setKey(newIdempotencyKey());
    } finally {
      setPending(false);
    }
  };

  const cancel = async () => {
    try {
      await predictionsApi(context.api).cancel(prediction.id);
      context.eventBus.emit('toast', { kind: 'success', message: copy.cancelled, durationMs: 2_000 });
      onChanged();
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Card data-testid="prediction-card" data-prediction-id={prediction.id} data-state={prediction.state}>
      <h4>
        <span>{prediction.title}</span>
        <Badge data-testid="prediction-state">{copy.state[prediction.state]}</Badge>
      </h4>
      <span className="muted">
        {copy.pool(prediction.pool)} · {copy.lockAt(prediction.lock_text)}
      </span>
      <Outcomes role="group" aria-label={prediction.title}>
        {prediction.outcomes.map((outcome) => (
          <div key={outcome.index} data-testid="prediction-outcome">
            <Button
              variant={picked === outcome.index || prediction.winning_outcome === outcome.index ? 'primary' : 'secondary'}
              aria-pressed={picked === outcome.index}
              disabled={!open || mine !== null || owner}
              onClick={() => {
                setPicked(outcome.index);
                setProblem(null);
              }}
            >
              {copy.outcome(outcome.label, outcome.share, outcome.pool)}
            </Button>
            <Share $share={outcome.share} aria-hidden="true" />
          </div>
        ))}
      </Outcomes>
      {prediction.winning_outcome !== null && <strong data-testid="prediction-result">{copy.result(labelOf(prediction.winning_outcome))}</strong>}
      {mine !== null && (
        <span data-testid="prediction-mine">
          {copy.mine(labelOf(mine.outcome), mine.amount)}
          {mine.payout !== null && ` · ${prediction.state === 'settled' ? (mine.payout > 0 ? copy.payout(mine.payout) : copy.lost) : copy.refunded}`}
        </span>
      )}
      {open && mine === null && !owner && user && (
        <form onSubmit={(event) => void submit(event)}>
          <PanelCardRow>
            <Field label={copy.amount} hint={copy.amountHint} error={problem}>
              {(control) => <TextInput {...control} inputMode="numeric" data-testid="prediction-amount" value={amount} onChange={(event) => setAmount(event.target.value)} />}
            </Field>
            <Button type="submit" variant="primary" disabled={pending} data-testid="prediction-stake">
              {pending ? copy.staking : copy.stake}
            </Button>
          </PanelCardRow>
        </form>
      )}
      {open && !user && !owner && (
        <Button variant="secondary" onClick={() => requireLogin(context)}>
          {copy.stake}
        </Button>
      )}
      {manager && (prediction.state === 'open' || prediction.state === 'locked') && (
        <Button variant="ghost" data-testid="prediction-cancel" onClick={() => void cancel()}>
          {copy.cancel}
        </Button>
      )}
      <span className="muted">{copy.pointsNote}</span>
    </Card>
  );
}

const LOCK_CHOICES = ['kickoff', '1', '5', '15', '30', '60'] as const;

function CreateForm({ context, roomId, onCreated }: { context: RemoteContext; roomId: number; onCreated: () => void }) {
  const [template, setTemplate] = useState<Exclude<PredictionTemplate, 'custom'>>('football_1x2');
  const [line, setLine] = useState('2');
  const [lock, setLock] = useState<(typeof LOCK_CHOICES)[number]>('kickoff');
  const [pending, setPending] = useState(false);
  const needsLine = template === 'total_goals' || template === 'handicap';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await predictionsApi(context.api).create({
        room_id: roomId,
        template,
        ...(needsLine ? { line: Number(line) } : {}),
        ...(lock === 'kickoff' ? {} : { lock_in_seconds: Number(lock) * 60 }),
      });
      context.eventBus.emit('toast', { kind: 'success', message: copy.created, durationMs: 2_000 });
      onCreated();
    } catch {
      // Shown by the API client (比赛已开始：请设置竞猜截止时间…).
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="prediction-create">
      <PanelCardRow>
        <Field label={copy.template}>
          {(control) => (
            <Select {...control} data-testid="prediction-template" value={template} onChange={(event) => setTemplate(event.target.value as typeof template)}>
              {(['football_1x2', 'total_goals', 'basketball_winner', 'handicap'] as const).map((value) => (
                <option key={value} value={value}>
                  {copy.templates[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {needsLine && <Field label={copy.line}>{(control) => <TextInput {...control} inputMode="numeric" data-testid="prediction-line" value={line} onChange={(event) => setLine(event.target.value)} />}</Field>}
        <Field label={copy.lock}>
          {(control) => (
            <Select {...control} data-testid="prediction-lock" value={lock} onChange={(event) => setLock(event.target.value as typeof lock)}>
              {LOCK_CHOICES.map((value) => (
                <option key={value} value={value}>
                  {value === 'kickoff' ? copy.lockKickoff : copy.lockMinutes(Number(value))}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="primary" disabled={pending} data-testid="prediction-create-submit">
          {copy.create}
        </Button>
      </PanelCardRow>
    </form>
  );
}
