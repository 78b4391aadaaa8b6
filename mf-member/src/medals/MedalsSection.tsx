import { useState } from 'react';
import styled from 'styled-components';
import { Button, LoadView, Muted, useLoad, type FanMedal } from '@sports/shared';
import { FanMedalBadge } from '@sports/shared/fanMedals';
import type { MemberSectionProps } from '../pages/MemberPage';
import { medalsApi } from './medalsApi';
import { medalsCopy } from './medalsCopy';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 10px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .meta {
    flex: 1;
    min-width: 12em;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

/**
 * member?type=5: my fan medals (粉丝勋章, `api/FanMedal/list`), highest intimacy first: each with its
 * badge (grey when it has gone out), the intimacy towards the next level, today's watch and chat
 * counts against the caps; 佩戴 / 取下 (`api/FanMedal/wear`): the worn one shows on my lines in every room.
 */
export default function MedalsSection({ context }: MemberSectionProps) {
  const api = medalsApi(context.api);
  const { state, retry, setState } = useLoad('medals', () => api.list());
  const [busy, setBusy] = useState(false);

  const wear = async (medal: FanMedal | null) => {
    if (busy || state.status !== 'ready') return;
    setBusy(true);
    try {
      const result = await api.wear(medal === null ? null : medal.anchor_id);
      const data = state.data;
      setState({ status: 'ready', data: { ...data, worn_anchor_id: result.worn_anchor_id, list: data.list.map((item) => ({ ...item, worn: item.anchor_id === result.worn_anchor_id ? 1 : 0 })) } });
      context.eventBus.emit('toast', { kind: 'success', message: medal === null ? medalsCopy.tookOffToast : medalsCopy.woreToast(medal.name), durationMs: 2_000 });
    } catch {
      // The API client shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <LoadView announceFailure state={state} failed={medalsCopy.failed} onRetry={retry}>
      {(result) => (
        <>
          <Muted>{medalsCopy.rules(result.watch_cap, result.chat_cap)}</Muted>
          {result.list.length === 0 ? (
            <Muted>{medalsCopy.empty}</Muted>
          ) : (
            <List aria-label={medalsCopy.list} data-testid="medal-list">
              {result.list.map((medal) => (
                <li key={medal.anchor_id} data-testid="medal-item" data-worn={medal.worn}>
                  <FanMedalBadge name={medal.name} level={medal.level} lit={medal.lit === 1} />
                  <span className="meta">
                    <a href={`#/about-user?id=${medal.anchor_id}`}>{medalsCopy.anchorOf(medal.anchor_nickname)}</a>
                    <span>
                      {medalsCopy.intimacy(medal.intimacy, medal.next_level_at)} · {medal.lit === 1 ? medalsCopy.lit : medalsCopy.greyed}
                    </span>
                    <span className="muted">{medalsCopy.today(medal.today_watch, result.watch_cap, medal.today_chat, result.chat_cap)}</span>
                  </span>
                  {medal.room_id !== null && <a href={`#/live?id=${medal.room_id}`}>{medalsCopy.enterRoom}</a>}
                  {medal.worn === 1 ? (
                    <>
                      <strong>{medalsCopy.worn}</strong>
                      <Button size="small" variant="secondary" disabled={busy} onClick={() => void wear(null)}>
                        {medalsCopy.takeOff}
                      </Button>
                    </>
                  ) : (
                    <Button size="small" disabled={busy} onClick={() => void wear(medal)}>
                      {medalsCopy.wear(medal.name)}
                    </Button>
                  )}
                </li>
              ))}
            </List>
          )}
        </>
      )}
    </LoadView>
  );
}
