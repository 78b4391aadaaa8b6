import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, Field, LoadView, requireLogin, TextInput, useLoad, userInfoAtom, type RedPacket, type RemoteContext } from '@sports/shared';
import { Switch } from '@sports/shared/pageKit';
import { PanelCard, PanelCardList, PanelCardRow } from '../ui/PanelCards';
import { newIdempotencyKey } from '../gifts/idempotencyKey';
import { redPacketCopy as copy } from './redPacketCopy';
import { redPacketsApi } from './redPacketsApi';
import { showBalance } from '../wallet/showBalance';

/** While the panel is open the room's packets are read again this often (the room also announces them). */
export const RED_PACKET_REFRESH_MS = 3_000;

const Card = styled(PanelCard)`
  code {
    word-break: break-all;
    font-size: ${({ theme }) => theme.font.small};
  }
  ol {
    margin: 0;
    padding-left: 18px;
  }
`;

export interface RedPacketPanelProps {
  context: RemoteContext;
  roomId: number;
  /** The panel is open: the list is read again every RED_PACKET_REFRESH_MS (closed: not at all). */
  active?: boolean;
  /** Changes when the room announces a packet (opened, grabbed, finished): the list is read again. */
  signal?: number;
}

/**
 * The room's 红包 panel: the form to send one (coins, shares, followers only, a 口令), then the
 * room's packets: each with its progress, a 抢 button while open, the member's result, the grabs
 * with 手气最佳 once finished, and the verification (the seed's hash, the seed once finished).
 */
export function RedPacketPanel({ context, roomId, active = true, signal = 0 }: RedPacketPanelProps) {
  const user = useAtomValue(userInfoAtom);
  const { state, reload } = useLoad(`red-packets:${roomId}`, () => redPacketsApi(context.api).roomList(roomId));
  useEffect(() => {
    if (!active) return;
    reload();
    const timer = setInterval(reload, RED_PACKET_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, active]);
  useEffect(() => {
    if (signal > 0) reload();
  }, [signal, reload]);
  return (
    <div data-testid="red-packet-panel">
      {user ? (
        <SendForm context={context} roomId={roomId} onSent={reload} />
      ) : (
        <Button variant="primary" onClick={() => requireLogin(context)}>
          {copy.send}
        </Button>
      )}
      <LoadView state={state} failed={copy.loadFailed} onRetry={reload}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="muted">{copy.empty}</p>
          ) : (
            <PanelCardList>
              {page.list.map((packet) => (
                <RedPacketCard key={packet.id} context={context} packet={packet} onChanged={reload} />
              ))}
            </PanelCardList>
          )
        }
      </LoadView>
    </div>
  );
}


/** 抢 a packet: the member's share, or the server's reason shown by the API client. Answers the coins won, or null. */
export async function grabRedPacket(context: RemoteContext, packetId: number): Promise<number | null> {
  if (!requireLogin(context)) return null;
  try {
    const result = await redPacketsApi(context.api).grab(packetId);
    showBalance(context, result.balance);
    context.eventBus.emit('toast', { kind: 'success', message: copy.got(result.amount), durationMs: 2_500 });
    return result.amount;
  } catch {
    // The API client showed the server's message (手慢了，红包已被抢光 / 你已经抢过这个红包了…).
    return null;
  }
}

export function RedPacketCard({ context, packet, onChanged }: { context: RemoteContext; packet: RedPacket; onChanged: () => void }) {
  const user = useAtomValue(userInfoAtom);
  const [pending, setPending] = useState(false);
  const open = packet.state === 'open';
  const own = user !== null && user !== undefined && Number(user.id) === packet.funder_id;
  const grab = async () => {
    if (pending) return;
    setPending(true);
    try {
      await grabRedPacket(context, packet.id);
      onChanged();
    } finally {
      setPending(false);
    }
  };
  return (
    <Card data-testid="red-packet-card" data-packet-id={packet.id} data-state={packet.state}>
      <h4>
        <span>{copy.of(packet.funder_nickname)}</span>
        <Badge data-testid="red-packet-state">{copy.state[packet.state]}</Badge>
        {packet.followers_only === 1 && <Badge>{copy.followersBadge}</Badge>}
      </h4>
      <span className="muted">
        {copy.summary(packet.total_coins, packet.shares)} · <span data-testid="red-packet-progress">{copy.progress(packet.grabbed_shares, packet.shares)}</span>
        {open && ` · ${copy.expires(packet.expires_at)}`}
      </span>
      {open && packet.password !== null && packet.mine === null && <span data-testid="red-packet-password">{copy.passwordNote(packet.password)}</span>}
      {packet.mine !== null && <strong data-testid="red-packet-mine">{copy.got(packet.mine)}</strong>}
      {open && packet.mine === null && !own && (
        <PanelCardRow>
          <Button variant="primary" disabled={pending} onClick={() => void grab()} data-testid="red-packet-grab">
            {pending ? copy.grabbing : copy.grab}
          </Button>
        </PanelCardRow>
      )}
      {packet.grabs.length > 0 && (
        <ol data-testid="red-packet-grabs">
          {packet.grabs.map((grab) => (
            <li key={grab.member_id} data-testid="red-packet-grab-line">
              {copy.grabLine(grab.nickname, grab.amount)} {grab.luckiest === 1 && <Badge data-testid="red-packet-luckiest">{copy.luckiest}</Badge>}
            </li>
          ))}
        </ol>
      )}
      {packet.refunded_coins !== null && packet.refunded_coins > 0 && <span className="muted" data-testid="red-packet-refunded">{copy.refunded(packet.refunded_coins)}</span>}
      <details data-testid="red-packet-verify">
        <summary>{copy.verify}</summary>
        <div className="muted">{copy.seedHash}</div>
        <code data-testid="red-packet-seed-hash">{packet.seed_hash}</code>
        <div className="muted">{copy.seed}</div>
        <code data-testid="red-packet-seed">{packet.seed ?? copy.seedHidden}</code>
        <div className="muted">{copy.verifyNote}</div>
      </details>
    </Card>
  );
}

function SendForm({ context, roomId, onSent }: { context: RemoteContext; roomId: number; onSent: () => void }) {
  const [coins, setCoins] = useState('');
  const [shares, setShares] = useState('');
  const [followersOnly, setFollowersOnly] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field: 'coins' | 'shares'; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !requireLogin(context)) return;
    const total = Number(coins.trim());
    const count = Number(shares.trim());
    if (!/^[0-9]+$/.test(coins.trim()) || !Number.isSafeInteger(total) || total < 1) return setProblem({ field: 'coins', text: copy.badCoins });
    if (!/^[0-9]+$/.test(shares.trim()) || !Number.isSafeInteger(count) || count < 1) return setProblem({ field: 'shares', text: copy.badShares });
    if (count > total) return setProblem({ field: 'shares', text: copy.sharesOverCoins });
    setProblem(null);
    setPending(true);
    try {
      const created = await redPacketsApi(context.api).create(
        { room_id: roomId, total_coins: total, shares: count, ...(followersOnly ? { followers_only: 1 } : {}), ...(password.trim() === '' ? {} : { password: password.trim() }) },
        key,
      );
      showBalance(context, created.balance);
      context.eventBus.emit('toast', { kind: 'success', message: copy.sent, durationMs: 2_000 });
      setKey(newIdempotencyKey());
      setCoins('');
      setShares('');
      setPassword('');
      onSent();
    } catch {
      // Shown by the API client (余额不足，请先充值…); a new attempt gets a new key.
      setKey(newIdempotencyKey());
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="red-packet-send">
      <PanelCardRow>
        <Field label={copy.coins} hint={copy.coinsHint} error={problem?.field === 'coins' ? problem.text : null}>
          {(control) => <TextInput {...control} inputMode="numeric" data-testid="red-packet-coins" value={coins} onChange={(event) => setCoins(event.target.value)} />}
        </Field>
        <Field label={copy.shares} error={problem?.field === 'shares' ? problem.text : null}>
          {(control) => <TextInput {...control} inputMode="numeric" data-testid="red-packet-shares" value={shares} onChange={(event) => setShares(event.target.value)} />}
        </Field>
      </PanelCardRow>
      <PanelCardRow>
        <Field label={copy.password} hint={copy.passwordHint}>
          {(control) => <TextInput {...control} maxLength={20} data-testid="red-packet-password-input" value={password} onChange={(event) => setPassword(event.target.value)} />}
        </Field>
        <Switch label={copy.followersOnly} checked={followersOnly} onChange={setFollowersOnly} />
        <Button type="submit" variant="primary" disabled={pending} data-testid="red-packet-submit">
          {pending ? copy.sending : copy.send}
        </Button>
      </PanelCardRow>
    </form>
  );
}
