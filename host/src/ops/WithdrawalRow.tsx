import { WITHDRAWAL_REJECT_REASON_MAX, WITHDRAWAL_REJECT_REASON_MIN, type OpsWithdrawal } from '@sports/shared';
import { opsTime } from './opsFormat';
import { ReviewActions } from './ReviewQueue';
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
  return (
    <tr data-testid={`withdrawal-row-${id}`} data-state={withdrawal.state} data-order-no={withdrawal.order_no}>
      <td>{text.applicant(withdrawal.user_nickname, withdrawal.user_id)}</td>
      <td>{withdrawal.real_name}</td>
      <td data-numeric>{yuan(withdrawal.amount_fen)}</td>
      <td data-numeric>{withdrawal.coins}</td>
      <td>{text.account(withdrawal.bank_name, withdrawal.account_masked, withdrawal.holder)}</td>
      <td>{opsTime(withdrawal.created_at)}</td>
      <td data-testid={`withdrawal-state-${id}`}>{stateText(withdrawal)}</td>
      <td data-testid={`withdrawal-audit-${id}`}>
        {withdrawal.reviewed_at === null ? text.notReviewed : text.audit(withdrawal.reviewed_by ?? '', opsTime(withdrawal.reviewed_at))}
      </td>
      <td>
        <ReviewActions
          testId={{ prefix: 'withdrawal', id }}
          pending={withdrawal.state === 'pending'}
          label={`${text.columns.actions} ${withdrawal.order_no}`}
          reasonMax={WITHDRAWAL_REJECT_REASON_MAX}
          isReason={isWithdrawalRejectReason}
          approve={() => approve(id)}
          approved={() => text.approved}
          reject={(reason) => reject(id, reason)}
          rejected={text.rejected}
          copy={text}
        />
      </td>
    </tr>
  );
}
