import { type RemoteContext, userInfoAtom } from '@sports/shared';

/** A new balance the server answered goes to the shared user: the bar's 余额 and the host's menu follow at once. */
export function showBalance(context: RemoteContext, balance: number): void {
  const current = context.store.get(userInfoAtom);
  if (current) context.store.set(userInfoAtom, { ...current, balance });
}
