import { useId, useState } from 'react';
import styled from 'styled-components';
import { REPORT_STATES, type ModerationAction, type ModerationActionBody, type ModerationReportGroup, type ReportState } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ColumnHeaders } from './ColumnHeaders';
import { moderationCopy } from './moderationCopy';
import type { OpsApi } from './opsApi';
import { opsTime } from './opsFormat';
import { ErrorText, Muted, Panel, StatusText, Table, TableScroll, Toolbar } from './opsStyles';
import { useModerationQueue } from './useModeration';

const text = moderationCopy.queue;

const QueueTable = styled(Table)`
  [data-actions] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  [data-excerpt] {
    max-width: 360px;
    white-space: pre-wrap;
    word-break: break-word;
  }

  ul {
    margin: 0;
    padding-left: 16px;
  }
`;

/** Which actions make sense for a target: content can be hidden, shown again or deleted (users and chat lines cannot); a banned author unbanned. */
function actionsFor(group: ModerationReportGroup): ModerationAction[] {
  const content = group.kind !== 'user' && group.kind !== 'chat';
  const list: ModerationAction[] = [];
  if (content) list.push(group.target?.hidden ? 'unhide' : 'hide', 'delete');
  if (group.kind === 'chat') list.push('mute');
  // Content without a member author (an ops-written headline) has no one to ban.
  if (group.target?.author_id !== null) list.push(group.target?.banned_until ? 'unban' : 'ban');
  if (group.count > 0) list.push('dismiss');
  return list;
}

function GroupRow({ group, state, onAct }: { group: ModerationReportGroup; state: ReportState; onAct: (group: ModerationReportGroup, action: ModerationAction, body: ModerationActionBody) => Promise<string | null> }) {
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  const [minutes, setMinutes] = useState(1440);
  const [days, setDays] = useState(7);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = `${group.kind}-${group.target_id}`;
  const actions = actionsFor(group).filter((action) => state === 'open' || action !== 'dismiss');

  const run = async (action: ModerationAction) => {
    setBusy(true);
    const body: ModerationActionBody = action === 'mute' ? { minutes } : action === 'ban' ? { days } : {};
    setError(await onAct(group, action, body));
    setBusy(false);
    setConfirming(null);
  };

  return (
    <tr data-testid={`report-group-${key}`}>
      <td data-excerpt>
        <strong>{text.kinds[group.kind]}</strong> <Muted as="span">#{group.target_id}</Muted>
        {group.target?.hidden && <Muted as="span"> · {text.hidden}</Muted>}
        {/* Text from members: rendered as text, never as HTML. */}
        <div data-testid={`report-excerpt-${key}`}>{group.target ? group.target.excerpt : text.gone}</div>
      </td>
      <td>
        {group.target && group.target.author_id !== null ? (
          <>
            {group.target.author_nickname}（ID {group.target.author_id}）
            {group.target.banned_until && <Muted>{text.bannedUntil(opsTime(group.target.banned_until))}</Muted>}
          </>
        ) : (
          '—'
        )}
      </td>
      <td>
        <div data-testid={`report-count-${key}`}>{text.count(group.count)}</div>
        <div>{group.reasons.map((reason) => `${text.reasons[reason.reason]} ×${reason.count}`).join('、')}</div>
        {group.texts.length > 0 && (
          <ul>
            {group.texts.map((said, index) => (
              <li key={index}>{said}</li>
            ))}
          </ul>
        )}
        <Muted>{text.lastAt(opsTime(group.last_at))}</Muted>
      </td>
      <td>
        <div role="group" aria-label={`${text.columns.actions} ${text.kinds[group.kind]} ${group.target_id}`} data-actions>
          {confirming ? (
            <>
              {confirming === 'mute' && (
                <label>
                  {text.muteMinutes}{' '}
                  <select value={minutes} onChange={(event) => setMinutes(Number(event.target.value))} data-testid={`report-mute-minutes-${key}`}>
                    {text.muteOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {confirming === 'ban' && (
                <label>
                  {text.banDays}{' '}
                  <select value={days} onChange={(event) => setDays(Number(event.target.value))} data-testid={`report-ban-days-${key}`}>
                    {text.banOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <DialogButton type="button" data-variant="primary" disabled={busy} onClick={() => void run(confirming)} data-testid={`report-confirm-${confirming}-${key}`}>
                {text.confirm(text.actions[confirming])}
              </DialogButton>
              <DialogButton type="button" disabled={busy} onClick={() => setConfirming(null)}>
                {text.cancel}
              </DialogButton>
            </>
          ) : (
            actions.map((action) => (
              <DialogButton key={action} type="button" onClick={() => setConfirming(action)} data-testid={`report-${action}-${key}`}>
                {text.actions[action]}
              </DialogButton>
            ))
          )}
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </td>
      <td>
        {group.audit.length === 0 ? (
          text.noAudit
        ) : (
          <ul data-testid={`report-audit-${key}`}>
            {group.audit.map((entry) => (
              <li key={entry.id}>
                {text.actions[entry.action as ModerationAction] ?? entry.action} · {entry.actor} · {opsTime(entry.created_at)}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/**
 * 举报处理 (`api/ops/moderation/reports`): members' reports grouped by what they report (the
 * target's excerpt as its domain describes it, as text), the newest first; hide, show again,
 * delete, mute (chat lines, in their room), ban the author, or dismiss, each after a confirm.
 * The server resolves every open report of the target and audits the action (shown per row).
 */
export function ModerationQueuePanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const queue = useModerationQueue(api, onForbidden);
  const [status, setStatus] = useState<string | null>(null);
  const headingId = useId();
  const columns = text.columns;

  const act = async (group: ModerationReportGroup, action: ModerationAction, body: ModerationActionBody) => {
    setStatus(null);
    const outcome = await queue.act(group.report_id, action, body);
    if (!outcome.ok) return outcome.error;
    setStatus(`${text.kinds[group.kind]} #${group.target_id}：${text.done(text.actions[action], outcome.resolved)}`);
    return null;
  };

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <label>
          {text.stateFilter}{' '}
          <select value={queue.state} onChange={(event) => queue.showState(event.target.value as ReportState)} data-testid="report-state-filter">
            {REPORT_STATES.map((state) => (
              <option key={state} value={state}>
                {text.states[state]}
              </option>
            ))}
          </select>
        </label>
        <DialogButton type="button" onClick={() => void queue.reload()}>
          {opsMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {status && (
        <StatusText role="status" data-testid="report-status">
          {status}
        </StatusText>
      )}
      {queue.loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${queue.loadError}`}</ErrorText>}
      {!queue.groups ? (
        !queue.loadError && <Muted role="status">{opsMessages.ops.loading}</Muted>
      ) : (
        <>
          <TableScroll>
            <QueueTable data-testid="moderation-reports">
              <caption>{text.caption(text.states[queue.state], queue.groups.length)}</caption>
              <ColumnHeaders titles={[columns.target, columns.author, columns.reports, columns.actions, columns.audit]} />
              <tbody>
                {queue.groups.map((group) => (
                  <GroupRow key={`${group.kind}-${group.target_id}`} group={group} state={queue.state} onAct={act} />
                ))}
              </tbody>
            </QueueTable>
          </TableScroll>
          {queue.groups.length === 0 && <Muted>{text.empty}</Muted>}
          {queue.nextCursor !== null && (
            <DialogButton type="button" onClick={() => void queue.more()} data-testid="report-more">
              {text.more}
            </DialogButton>
          )}
        </>
      )}
    </Panel>
  );
}
