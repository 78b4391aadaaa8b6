import { useAtomValue } from 'jotai';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  levelOf,
  LoadView,
  Muted,
  requireLogin,
  useLoad,
  userInfoAtom,
  type Barrage,
  type BarrageStyle,
  type RemoteContext,
} from '@sports/shared';
import { FanMedalBadge } from '@sports/shared/fanMedals';
import type { DanmakuItem } from '../danmaku/DanmakuOverlay';
import { type SenderMedal, senderMedal } from '../medals/senderMedal';
import { PaidActionNotice } from '../wallet/PaidActionNotice';
import { usePaidAction } from '../wallet/usePaidAction';
import { barrageApi } from './barrageApi';
import { recentKeysOfRow } from './recentKey';
import { barrageCopy } from './barrageCopy';
import { LineInput } from '../ui/LineInput';
import { BalanceText } from '../wallet/BalanceText';

/** Lines of the recent list shown (the server keeps the room's last ones). */
const RECENT_SHOWN = 50;

const Styles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0 0 8px;
  button {
    padding: 4px 8px;
  }
  button[aria-checked='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.brand};
  }
  .swatch {
    width: 14px;
    height: 14px;
    border: 1px solid #999;
    border-radius: 3px;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const FormRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  input[type='text'] {
    flex: 1;
    min-width: 160px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }
  .balance {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Recent = styled.ol`
  max-height: 160px;
  margin: 8px 0 0;
  padding: 6px 8px;
  overflow-y: auto;
  list-style: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: #1f1f1f;
  li {
    text-shadow: 0 0 2px #000;
    overflow-wrap: anywhere;
  }
`;

interface BarrageIntent {
  text: string;
  styleId: number;
}

/** A line of the recent list: from the server's history or heard since the page opened. */
interface RecentLine {
  id: string;
  text: string;
  color: string;
  /** The sender's worn fan medal (the history's `medal`, a live line's `from.medal`); null when none. */
  medal: SenderMedal | null;
}

export interface BarragePanelProps {
  context: RemoteContext;
  roomId: number;
  /** Danmaku heard in the chat since the page opened (oldest first), appended to the history. */
  live: readonly DanmakuItem[];
}

/**
 * Styled danmaku (`api/Barrage/getList`, `api/Barrage/send`): the styles on offer beside the input
 * (colour swatch, position, price or 免费, and LV<n> 解锁 for a level the viewer has not reached:
 * disabled), 发送弹幕 with one Idempotency-Key per attempt (重试 reuses it when no answer came),
 * the new balance at once (also in the shared user), too little balance with the way to recharge.
 * Below, the room's recent danmaku: the server's history when the viewer joined, then what flies.
 */
export function BarragePanel({ context, roomId, live }: BarragePanelProps) {
  const { state, retry } = useLoad(`barrage:${roomId}`, () => barrageApi(context.api).list(roomId));
  const user = useAtomValue(userInfoAtom);
  const level = user ? levelOf(user.exp) : 1;
  const [chosen, setChosen] = useState<number | null>(null);
  const [text, setText] = useState('');
  const inputId = useId();
  // Other refusals (muted, too fast, level): the API client has shown the server's message.
  const { pending, problem, clearProblem, start, retry: onRetry } = usePaidAction(context, {
    perform: (intent: BarrageIntent, key) => barrageApi(context.api).send({ room_id: roomId, text: intent.text, style_id: intent.styleId }, key),
    charged: (result) => result.coins > 0,
    onDone: () => setText(''),
  });

  const submit = (styles: readonly BarrageStyle[]) => (event: FormEvent) => {
    event.preventDefault();
    const style = styles.find((item) => item.id === (chosen ?? styles[0]?.id));
    if (pending || !style || text.trim() === '' || !requireLogin(context)) return;
    start({ text, styleId: style.id });
  };

  return (
    <div data-testid="barrage-panel">
      <LoadView state={state} failed={barrageCopy.failed} onRetry={retry}>
        {({ styles, list }) => {
          const selected = chosen ?? styles[0]?.id ?? null;
          return (
            <>
              <Styles role="radiogroup" aria-label={barrageCopy.styles}>
                {styles.map((style) => {
                  const locked = level < style.min_level;
                  return (
                    <Button
                      key={style.id}
                      role="radio"
                      data-testid="barrage-style"
                      data-style-id={style.id}
                      aria-checked={selected === style.id}
                      disabled={locked}
                      onClick={() => {
                        setChosen(style.id);
                        clearProblem();
                      }}
                    >
                      <span className="swatch" style={{ background: style.color }} aria-hidden="true" />
                      <span>{style.name}</span>
                      <span className="meta">{barrageCopy.positions[style.position]}</span>
                      <span className="meta">{style.price > 0 ? barrageCopy.price(style.price) : barrageCopy.free}</span>
                      {style.min_level > 1 && <span className="meta">{barrageCopy.levelNeeded(style.min_level)}</span>}
                    </Button>
                  );
                })}
              </Styles>
              <form onSubmit={submit(styles)}>
                <FormRow>
                  <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {barrageCopy.input}
                  </label>
                  <LineInput
                    id={inputId}
                    testId="barrage-input"
                    value={text}
                    placeholder={barrageCopy.placeholder}
                    onChange={(next) => {
                      setText(next);
                      clearProblem();
                    }}
                  />
                  <Button type="submit" variant="primary" data-testid="barrage-send" disabled={pending || selected === null || text.trim() === ''}>
                    {pending ? barrageCopy.sending : barrageCopy.send}
                  </Button>
                  <BalanceText testId="barrage-balance" text={barrageCopy.balance} />
                </FormRow>
              </form>
              <PaidActionNotice problem={problem} pending={pending} onRetry={onRetry} testIdPrefix="barrage" copy={barrageCopy} />
              <RecentList history={list} live={live} />
            </>
          );
        }}
      </LoadView>
    </div>
  );
}

/**
 * The history, then what flew since the page opened, each line once: a danmaku heard before the
 * history answered is in both (recentKey.ts says how it is known).
 */
function RecentList({ history, live }: { history: readonly Barrage[]; live: readonly DanmakuItem[] }) {
  const listed = new Set(history.flatMap(recentKeysOfRow));
  const lines: RecentLine[] = [
    ...history.map((item) => ({ id: `h${item.id}`, text: barrageCopy.line(item.user_nickname, item.text), color: item.color, medal: senderMedal({ role: 'member', medal: item.medal }) })),
    ...live
      .filter((item) => item.recentKey === undefined || !listed.has(item.recentKey))
      .map((item) => ({ id: item.id, text: item.nickname === undefined ? item.text : barrageCopy.line(item.nickname, item.text), color: item.color ?? '#ffffff', medal: senderMedal({ role: 'member', medal: item.medal }) })),
  ].slice(-RECENT_SHOWN);
  return (
    <section aria-label={barrageCopy.history}>
      <h3 style={{ margin: '8px 0 0', fontSize: 14 }}>{barrageCopy.history}</h3>
      {lines.length === 0 ? (
        <Muted>{barrageCopy.historyEmpty}</Muted>
      ) : (
        <Recent data-testid="barrage-recent">
          {lines.map((line) => (
            <li key={line.id} data-testid="barrage-recent-item" style={{ color: line.color }}>
              {line.medal !== null && <FanMedalBadge name={line.medal.name} level={line.medal.level} lit={line.medal.lit} />}
              {line.text}
            </li>
          ))}
        </Recent>
      )}
    </section>
  );
}
