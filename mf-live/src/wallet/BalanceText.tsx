import { useAtomValue } from 'jotai';
import { userInfoAtom } from '@sports/shared';

export interface BalanceTextProps {
  /** `data-testid`, e.g. `gift-balance`. */
  testId: string;
  /** How the picker says it (余额 N). */
  text: (coins: number) => string;
}

/** The signed-in viewer's balance beside a paid action's button (the shared user: it follows every payment at once); nothing for a guest. */
export function BalanceText({ testId, text }: BalanceTextProps) {
  const user = useAtomValue(userInfoAtom);
  if (!user) return null;
  return (
    <span className="balance" data-testid={testId}>
      {text(user.balance)}
    </span>
  );
}
