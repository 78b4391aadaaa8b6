import { useId, useState } from 'react';
import { WITHDRAWAL_REJECT_REASON_MAX, WITHDRAWAL_REJECT_REASON_MIN, type OpsWithdrawal } from '@sports/shared';
import { DialogButton } from '../feedback/DialogButton';
import { localTime } from './opsFormat';
import { ErrorText, StatusText } from './opsStyles';
import type { WithdrawalOutcome } from './useWithdrawals';
import { withdrawalsCopy as text } from './withdrawalsCopy';

/** A reject reason as the server takes it: 2-100 characters once trimmed. */
export function isWithdrawalRejectReason(reason: string): boolean {
  const length = [...reason.trim()].length;
  return length >= WITHDRAWAL_REJECT_REASON_MIN && length <= WITHDRAWAL_REJECT_REASON_MAX;
}

/** fen as ¥12.30 (integers only). */
export function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

function stateText(withdrawal: OpsWithdrawal): string {
  if (withdrawal.state === 'rejected') return text.rejectedWith(withdrawal.reject_reason ?? '');
  return text.states[withdrawal.state];
}

export interface WithdrawalRowProps {
  withdrawal: OpsWithdrawal;
  approve: (id: number) => Promise<WithdrawalOutcome>;
  reject: (id: number, reason: string) => Promise<WithdrawalOutcome>;
}

/** One withdrawal: who, how much, where to, when, its state, who reviewed it when; while pending, approve or reject with a reason. */
export function WithdrawalRow({ withdrawal, approve, reject }: WithdrawalRowProps) {
  const { id } = withdrawal;
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [reasonInvalid, setReasonInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const run = async (review: () => Promise<WithdrawalOutcome>, done: string) => {
    setBusy(true);
    setOutcome(null);
    const result = await review();
    setBusy(false);
    setOutcome(result.ok ? { ok: true, message: done } : { ok: false, message: result.message });
  };

  const onReject = () => {
    const invalid = !isWithdrawalRejectReason(reason);
    setReasonInvalid(invalid);
    if (!invalid) void run(() => reject(id, reason.trim()), text.rejected);
  };

  return (
    <tr data-testid={`withdrawal-row-${id}`} data-state={withdrawal.state} data-order-no={withdrawal.order_no}>
      <td>{text.applicant(withdrawal.user_nickname, withdrawal.user_id)}</td>
      <td>{withdrawal.real_name}</td>
      <td data-numeric>{yuan(withdrawal.amount_fen)}</td>
      <td data-numeric>{withdrawal.coins}</td>
      <td>{text.account(withdrawal.bank_name, withdrawal.account_masked, withdrawal.holder)}</td>
      <td>{localTime(withdrawal.created_at)}</td>
      <td data-testid={`withdrawal-state-${id}`}>{stateText(withdrawal)}</td>
      <td data-testid={`withdrawal-audit-${id}`}>
        {withdrawal.reviewed_at === null ? text.notReviewed : text.audit(withdrawal.reviewed_by ?? '', localTime(withdrawal.reviewed_at))}
      </td>
      <td>
        {withdrawal.state === 'pending' && (
          <div role="group" aria-label={`${text.columns.actions} ${withdrawal.order_no}`} data-review>
            <DialogButton type="button" data-variant="primary" disabled={busy} data-testid={`withdrawal-approve-${id}`} onClick={() => void run(() => approve(id), text.approved)}>
              {text.approve}
            </DialogButton>
            <label htmlFor={reasonId}>{text.rejectReason}</label>
            <input
              id={reasonId}
              value={reason}
              maxLength={WITHDRAWAL_REJECT_REASON_MAX}
              disabled={busy}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonInvalid ? true : undefined}
              aria-describedby={reasonInvalid ? errorId : undefined}
              data-testid={`withdrawal-reject-reason-${id}`}
            />
            <DialogButton type="button" disabled={busy} data-testid={`withdrawal-reject-${id}`} onClick={onReject}>
              {text.reject}
            </DialogButton>
            {reasonInvalid && (
              <ErrorText id={errorId} role="alert">
                {text.rejectReasonInvalid}
              </ErrorText>
            )}
          </div>
        )}
        {outcome &&
          (outcome.ok ? (
            <StatusText role="status" data-testid={`withdrawal-outcome-${id}`}>
              {outcome.message}
            </StatusText>
          ) : (
            <ErrorText role="alert" data-testid={`withdrawal-outcome-${id}`}>
              {outcome.message}
            </ErrorText>
          ))}
      </td>
    </tr>
  );
}
