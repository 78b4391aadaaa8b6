import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, Field, LoadView, requireLogin, Select, TextInput, useLoad, userInfoAtom, type Lottery, type LotteryCondition, type RemoteContext } from '@sports/shared';
import { barrageApi } from '../barrage/barrageApi';
import { newIdempotencyKey } from '../gifts/idempotencyKey';
import { PanelCard, PanelCardList, PanelCardRow } from '../ui/PanelCards';
import { lotteryCopy as copy } from './lotteryCopy';
import { lotteryEventAtom } from './lotteryEvents';
import { lotteriesApi } from './lotteriesApi';
import { showBalance } from '../wallet/showBalance';

/** While the panel is open the room's lotteries are read again this often (the room also announces them). */
export const LOTTERY_REFRESH_MS = 3_000;
/** After the 口令 went out as a danmaku, the entry is written by the server when the chat hears it: read again a moment later. */
const AFTER_PASSWORD_MS = 800;

const Card = styled(PanelCard)`
  code {
    word-break: break-all;
    font-size: ${({ theme }) => theme.font.small};
  }
  ol {
    margin: 0;
    padding-left: 18px;
  }
  strong[data-testid='lottery-won'] {
    color: ${({ theme }) => theme.colors.brand};
  }
`;

export interface LotteryPanelProps {
  context: RemoteContext;
  roomId: number;
  /** The viewer owns the room: the form to open one, and 取消 on an open one. */
  owner: boolean;
  /** The panel is open: the list is read again every LOTTERY_REFRESH_MS (closed: not at all). */
  active?: boolean;
}

/** Whole seconds until `endsAt` (epoch ms), ticking once a second while `running`. */
function useSecondsLeft(endsAt: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, Math.ceil((endsAt - now) / 1_000));
}

/**
 * The room's 天选时刻 panel: for the room's anchor the form to open one (a coin or item prize,
 * winners, the window, the condition); then the room's lotteries: each with its prize, condition,
 * China-time countdown and entrants, 参与 (or the button that sends the 口令 as a danmaku), and
 * once drawn the 中奖名单, 恭喜中奖 for a winner and the draw's verification.
 */
export function LotteryPanel({ context, roomId, owner, active = true }: LotteryPanelProps) {
  const { state, reload } = useLoad(`lotteries:${roomId}`, () => lotteriesApi(context.api).roomList(roomId));
  const pushed = useAtomValue(lotteryEventAtom);
  useEffect(() => {
    if (!active) return;
    reload();
    const timer = setInterval(reload, LOTTERY_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, active]);
  useEffect(() => {
    if (pushed !== null && pushed.event.roomId === roomId) reload();
  }, [pushed, roomId, reload]);
  return (
    <div data-testid="lottery-panel">
      {owner && <CreateForm context={context} roomId={roomId} onOpened={reload} />}
      <LoadView state={state} failed={copy.loadFailed} onRetry={reload}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="muted">{copy.empty}</p>
          ) : (
            <PanelCardList>
              {page.list.map((lottery) => (
                <LotteryCard key={lottery.id} context={context} lottery={lottery} owner={owner} onChanged={reload} />
              ))}
            </PanelCardList>
          )
        }
      </LoadView>
    </div>
  );
}


export function LotteryCard({ context, lottery, owner, onChanged }: { context: RemoteContext; lottery: Lottery; owner: boolean; onChanged: () => void }) {
  const user = useAtomValue(userInfoAtom);
  const [pending, setPending] = useState(false);
  const open = lottery.state === 'open';
  const left = useSecondsLeft(lottery.ends_at_ms, open);
  const mine = user !== null && user !== undefined && Number(user.id) === lottery.anchor_id;
  const act = async (work: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    try {
      await work();
    } catch {
      // The API client showed the server's message (你已经参与过… / 关注主播后才能参与…).
    } finally {
      setPending(false);
    }
  };
  const enter = () =>
    act(async () => {
      if (!requireLogin(context)) return;
      await lotteriesApi(context.api).enter(lottery.id);
      context.eventBus.emit('toast', { kind: 'success', message: copy.enteredToast, durationMs: 2_000 });
      onChanged();
    });
  const sendPassword = () =>
    act(async () => {
      if (!requireLogin(context) || lottery.password === null) return;
      // A free danmaku in the room: the chat hears the 口令 and the server enters the member.
      await barrageApi(context.api).send({ room_id: lottery.room_id, text: lottery.password }, newIdempotencyKey());
      context.eventBus.emit('toast', { kind: 'success', message: copy.passwordSent, durationMs: 2_000 });
      setTimeout(onChanged, AFTER_PASSWORD_MS);
    });
  const cancel = () =>
    act(async () => {
      const result = await lotteriesApi(context.api).cancel(lottery.id);
      showBalance(context, result.balance);
      context.eventBus.emit('toast', { kind: 'success', message: copy.cancelled, durationMs: 2_000 });
      onChanged();
    });
  return (
    <Card data-testid="lottery-card" data-lottery-id={lottery.id} data-state={lottery.state}>
      <h4>
        <span>{copy.of(lottery.anchor_nickname)}</span>
        <Badge data-testid="lottery-state">{copy.state[lottery.state]}</Badge>
      </h4>
      <strong data-testid="lottery-prize">
        {copy.prize(lottery.prize_coins, lottery.prize_item)} · {copy.winnersCount(lottery.winners)}
      </strong>
      <span className="muted" data-testid="lottery-condition">
        {copy.conditionText(lottery.condition, lottery.password, lottery.medal_level)}
      </span>
      <span className="muted">
        <span data-testid="lottery-entrants">{copy.entrants(lottery.entrants)}</span>
        {open && (
          <>
            {' · '}
            {copy.endsAt} {lottery.ends_at.slice(11)} · <span data-testid="lottery-countdown">{left > 0 ? copy.remaining(left) : copy.drawing}</span>
          </>
        )}
      </span>
      {open && lottery.entered === 1 && <span data-testid="lottery-entered">{copy.entered}</span>}
      {open && lottery.entered === 0 && !mine && left > 0 && (
        <PanelCardRow>
          {lottery.condition === 'password' && lottery.password !== null ? (
            <Button variant="primary" disabled={pending} onClick={() => void sendPassword()} data-testid="lottery-send-password">
              {copy.sendPassword(lottery.password)}
            </Button>
          ) : (
            <Button variant="primary" disabled={pending} onClick={() => void enter()} data-testid="lottery-enter">
              {pending ? copy.entering : copy.enter}
            </Button>
          )}
        </PanelCardRow>
      )}
      {open && owner && mine && (
        <PanelCardRow>
          <Button variant="ghost" disabled={pending} onClick={() => void cancel()} data-testid="lottery-cancel">
            {copy.cancel}
          </Button>
        </PanelCardRow>
      )}
      {lottery.state === 'drawn' && lottery.won === 1 && <strong data-testid="lottery-won">{copy.won}</strong>}
      {lottery.state === 'drawn' && lottery.won === 0 && lottery.entered === 1 && <span className="muted">{copy.lost}</span>}
      {lottery.state === 'drawn' && (
        <div data-testid="lottery-winners">
          <div className="muted">{copy.winnersTitle}</div>
          {lottery.winner_list.length === 0 ? (
            <span className="muted">{copy.noWinners}</span>
          ) : (
            <ol>
              {lottery.winner_list.map((winner) => (
                <li key={winner.member_id} data-testid="lottery-winner">
                  {copy.winnerLine(winner.nickname, winner.prize_coins)}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      {lottery.refunded_coins !== null && lottery.refunded_coins > 0 && <span className="muted" data-testid="lottery-refunded">{copy.refunded(lottery.refunded_coins)}</span>}
      <details data-testid="lottery-verify">
        <summary>{copy.verify}</summary>
        <div className="muted">{copy.seedHash}</div>
        <code data-testid="lottery-seed-hash">{lottery.seed_hash}</code>
        <div className="muted">{copy.seed}</div>
        <code data-testid="lottery-seed">{lottery.seed ?? copy.seedHidden}</code>
        {lottery.entrant_ids.length > 0 && (
          <>
            <div className="muted">{copy.entrantIds}</div>
            <code data-testid="lottery-entrant-ids">{lottery.entrant_ids.join(', ')}</code>
          </>
        )}
        <div className="muted">{copy.verifyNote}</div>
      </details>
    </Card>
  );
}

type Problem = { field: 'prize' | 'winners' | 'window' | 'password' | 'medal'; text: string };

const WHOLE = /^[0-9]+$/;

function whole(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return WHOLE.test(trimmed) && Number.isSafeInteger(value) && value >= min && value <= max ? value : null;
}

function CreateForm({ context, roomId, onOpened }: { context: RemoteContext; roomId: number; onOpened: () => void }) {
  const [prizeKind, setPrizeKind] = useState<'coins' | 'item'>('coins');
  const [coins, setCoins] = useState('');
  const [item, setItem] = useState('');
  const [winners, setWinners] = useState('1');
  const [windowSeconds, setWindowSeconds] = useState('300');
  const [condition, setCondition] = useState<LotteryCondition>('follow');
  const [password, setPassword] = useState('');
  const [medalLevel, setMedalLevel] = useState('1');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !requireLogin(context)) return;
    const prizeCoins = prizeKind === 'coins' ? whole(coins, 1) : null;
    if (prizeKind === 'coins' && prizeCoins === null) return setProblem({ field: 'prize', text: copy.badCoins });
    const prizeItem = item.trim();
    if (prizeKind === 'item' && (prizeItem === '' || [...prizeItem].length > 40)) return setProblem({ field: 'prize', text: copy.badItem });
    const count = whole(winners, 1);
    if (count === null) return setProblem({ field: 'winners', text: copy.badWinners });
    const seconds = whole(windowSeconds, 1);
    if (seconds === null) return setProblem({ field: 'window', text: copy.badWindow });
    const word = password.trim();
    if (condition === 'password' && (word === '' || [...word].length > 20)) return setProblem({ field: 'password', text: copy.badPassword });
    const level = whole(medalLevel, 1, 20);
    if (condition === 'medal' && level === null) return setProblem({ field: 'medal', text: copy.badMedalLevel });
    setProblem(null);
    setPending(true);
    try {
      const created = await lotteriesApi(context.api).create(
        {
          room_id: roomId,
          ...(prizeCoins !== null ? { prize_coins: prizeCoins } : { prize_item: prizeItem }),
          winners: count,
          window_seconds: seconds,
          condition,
          ...(condition === 'password' ? { password: word } : {}),
          ...(condition === 'medal' && level !== null ? { medal_level: level } : {}),
        },
        key,
      );
      showBalance(context, created.balance);
      context.eventBus.emit('toast', { kind: 'success', message: copy.opened, durationMs: 2_000 });
      setKey(newIdempotencyKey());
      onOpened();
    } catch {
      // Shown by the API client (余额不足 / 直播间已有一个进行中的天选时刻…); a new attempt gets a new key.
      setKey(newIdempotencyKey());
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="lottery-create">
      <PanelCardRow>
        <Field label={copy.prizeKind}>
          {(control) => (
            <Select {...control} data-testid="lottery-prize-kind" value={prizeKind} onChange={(event) => setPrizeKind(event.target.value === 'item' ? 'item' : 'coins')}>
              <option value="coins">{copy.prizeKinds.coins}</option>
              <option value="item">{copy.prizeKinds.item}</option>
            </Select>
          )}
        </Field>
        {prizeKind === 'coins' ? (
          <Field label={copy.prizeCoins} hint={copy.prizeCoinsHint} error={problem?.field === 'prize' ? problem.text : null}>
            {(control) => <TextInput {...control} inputMode="numeric" data-testid="lottery-prize-coins" value={coins} onChange={(event) => setCoins(event.target.value)} />}
          </Field>
        ) : (
          <Field label={copy.prizeItem} hint={copy.prizeItemHint} error={problem?.field === 'prize' ? problem.text : null}>
            {(control) => <TextInput {...control} maxLength={40} data-testid="lottery-prize-item" value={item} onChange={(event) => setItem(event.target.value)} />}
          </Field>
        )}
      </PanelCardRow>
      <PanelCardRow>
        <Field label={copy.winners} error={problem?.field === 'winners' ? problem.text : null}>
          {(control) => <TextInput {...control} inputMode="numeric" data-testid="lottery-winners-input" value={winners} onChange={(event) => setWinners(event.target.value)} />}
        </Field>
        <Field label={copy.window} hint={copy.windowHint} error={problem?.field === 'window' ? problem.text : null}>
          {(control) => <TextInput {...control} inputMode="numeric" data-testid="lottery-window" value={windowSeconds} onChange={(event) => setWindowSeconds(event.target.value)} />}
        </Field>
      </PanelCardRow>
      <PanelCardRow>
        <Field label={copy.condition}>
          {(control) => (
            <Select {...control} data-testid="lottery-condition-input" value={condition} onChange={(event) => setCondition(event.target.value as LotteryCondition)}>
              {(Object.keys(copy.conditions) as LotteryCondition[]).map((value) => (
                <option key={value} value={value}>
                  {copy.conditions[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {condition === 'password' && (
          <Field label={copy.password} hint={copy.passwordHint} error={problem?.field === 'password' ? problem.text : null}>
            {(control) => <TextInput {...control} maxLength={20} data-testid="lottery-password-input" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </Field>
        )}
        {condition === 'medal' && (
          <Field label={copy.medalLevel} error={problem?.field === 'medal' ? problem.text : null}>
            {(control) => <TextInput {...control} inputMode="numeric" data-testid="lottery-medal-level" value={medalLevel} onChange={(event) => setMedalLevel(event.target.value)} />}
          </Field>
        )}
        <Button type="submit" variant="primary" disabled={pending} data-testid="lottery-submit">
          {pending ? copy.opening : copy.open}
        </Button>
      </PanelCardRow>
    </form>
  );
}
