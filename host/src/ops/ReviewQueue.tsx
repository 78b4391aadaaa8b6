import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ErrorText, Muted, Panel, StatusText, Table, Toolbar } from './opsStyles';

/** A review queue's table: wrapped long text (`td[data-wrap]`) and the row's review group. */
export const ReviewTable = styled(Table)`
  td[data-wrap] {
    min-width: 200px;
    max-width: 360px;
    white-space: pre-wrap;
    word-break: break-word;
  }

  [data-review] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }

  input {
    height: 30px;
    padding: 0 6px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }

  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export interface ReviewQueuePanelProps<State extends string> {
  heading: string;
  stateFilter: string;
  states: readonly State[];
  stateLabels: Record<State, string>;
  state: State;
  showState: (state: State) => void;
  filterTestId: string;
  reload: () => Promise<unknown>;
  loadError: string | null | undefined;
  /** Whether the queue has loaded (the children show then). */
  loaded: boolean;
  children: ReactNode;
}

/** A review queue's panel: its heading, the state filter and 刷新, the load error or 加载中, then the queue. */
export function ReviewQueuePanel<State extends string>({ heading, stateFilter, states, stateLabels, state, showState, filterTestId, reload, loadError, loaded, children }: ReviewQueuePanelProps<State>) {
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <Toolbar>
        <label>
          {stateFilter}{' '}
          <select value={state} onChange={(event) => showState(event.target.value as State)} data-testid={filterTestId}>
            {states.map((item) => (
              <option key={item} value={item}>
                {stateLabels[item]}
              </option>
            ))}
          </select>
        </label>
        <DialogButton type="button" onClick={() => void reload()}>
          {opsMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${loadError}`}</ErrorText>}
      {!loaded ? !loadError && <Muted role="status">{opsMessages.ops.loading}</Muted> : children}
    </Panel>
  );
}

type Outcome<Done> = ({ ok: true } & Done) | { ok: false; message: string };

export interface ReviewActionsProps<Done> {
  /** The row's id in test ids: `<prefix>-approve-<id>`, `-reject-reason-`, `-reject-`, `-outcome-`. */
  testId: { prefix: string; id: number };
  /** Whether the row still waits for a review (the actions show only then). */
  pending: boolean;
  label: string;
  reasonMax: number;
  isReason: (reason: string) => boolean;
  approve: () => Promise<Outcome<Done>>;
  approved: (done: { ok: true } & Done) => string;
  reject: (reason: string) => Promise<Outcome<Done>>;
  rejected: string;
  copy: { approve: string; rejectReason: string; reject: string; rejectReasonInvalid: string };
}

/**
 * A queued item's review cell: while pending, approve, or reject with a reason checked here
 * (trimmed); then the server's answer in the row (done, or its refusal's message).
 */
export function ReviewActions<Done>({ testId, pending, label, reasonMax, isReason, approve, approved, reject, rejected, copy }: ReviewActionsProps<Done>) {
  const { prefix, id } = testId;
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [reasonInvalid, setReasonInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const run = async (review: () => Promise<Outcome<Done>>, done: (result: { ok: true } & Done) => string) => {
    setBusy(true);
    setOutcome(null);
    const result = await review();
    setBusy(false);
    setOutcome(result.ok ? { ok: true, message: done(result) } : { ok: false, message: result.message });
  };

  const onReject = () => {
    const invalid = !isReason(reason);
    setReasonInvalid(invalid);
    if (!invalid) void run(() => reject(reason.trim()), () => rejected);
  };

  return (
    <>
      {pending && (
        <div role="group" aria-label={label} data-review>
          <DialogButton type="button" data-variant="primary" disabled={busy} data-testid={`${prefix}-approve-${id}`} onClick={() => void run(approve, approved)}>
            {copy.approve}
          </DialogButton>
          <label htmlFor={reasonId}>{copy.rejectReason}</label>
          <input
            id={reasonId}
            value={reason}
            maxLength={reasonMax}
            disabled={busy}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonInvalid ? true : undefined}
            aria-describedby={reasonInvalid ? errorId : undefined}
            data-testid={`${prefix}-reject-reason-${id}`}
          />
          <DialogButton type="button" disabled={busy} data-testid={`${prefix}-reject-${id}`} onClick={onReject}>
            {copy.reject}
          </DialogButton>
          {reasonInvalid && (
            <ErrorText id={errorId} role="alert">
              {copy.rejectReasonInvalid}
            </ErrorText>
          )}
        </div>
      )}
      {outcome &&
        (outcome.ok ? (
          <StatusText role="status" data-testid={`${prefix}-outcome-${id}`}>
            {outcome.message}
          </StatusText>
        ) : (
          <ErrorText role="alert" data-testid={`${prefix}-outcome-${id}`}>
            {outcome.message}
          </ErrorText>
        ))}
    </>
  );
}
