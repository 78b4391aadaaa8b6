import '../testing/setup';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, userInfoAtom } from '@sports/shared';
import { liveContext, logIn, MEMBER } from '../testing/fixtures';
import { usePaidAction } from './usePaidAction';

describe('usePaidAction', () => {
  it('sends each new intent with a fresh key; after no answer, retry sends the same intent with the same key; the balance goes to the shared user', async () => {
    const context = liveContext({});
    logIn(context, { ...MEMBER, balance: 100 });
    const sent: { intent: string; key: string }[] = [];
    const done: string[] = [];
    let failNext = true;
    const { result } = renderHook(() =>
      usePaidAction(context, {
        perform: async (intent: string, key) => {
          sent.push({ intent, key });
          if (failNext) {
            failNext = false;
            throw new ApiError(null, 'network');
          }
          return { balance: 40 };
        },
        onDone: (_result, intent) => done.push(intent),
      }),
    );
    await act(async () => result.current.start('a'));
    expect(result.current.problem).toEqual({ kind: 'unknown' });
    await act(async () => result.current.retry());
    expect(sent.map((item) => item.intent)).toEqual(['a', 'a']);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(result.current.problem).toBeNull();
    expect(done).toEqual(['a']);
    expect(context.store.get(userInfoAtom)?.balance).toBe(40);

    await act(async () => result.current.start('b'));
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it('too little balance gives the server message; other refusals no problem and nothing to retry', async () => {
    const context = liveContext({});
    logIn(context, { ...MEMBER, balance: 5 });
    let refusal = new ApiError(400, '余额不足', null, 'WALLET_INSUFFICIENT_BALANCE');
    let calls = 0;
    const { result } = renderHook(() =>
      usePaidAction(context, {
        perform: async (): Promise<{ balance: number }> => {
          calls += 1;
          throw refusal;
        },
      }),
    );
    await act(async () => result.current.start(1));
    expect(result.current.problem).toEqual({ kind: 'insufficient', message: '余额不足' });
    refusal = new ApiError(400, '太快了', null, 'TOO_FAST');
    await act(async () => result.current.start(2));
    expect(result.current.problem).toBeNull();
    await act(async () => result.current.retry());
    expect(calls).toBe(2);
    expect(context.store.get(userInfoAtom)?.balance).toBe(5);
  });

  it('keeps the balance when charged says the answer cost nothing', async () => {
    const context = liveContext({});
    logIn(context, { ...MEMBER, balance: 5 });
    const { result } = renderHook(() => usePaidAction(context, { perform: async () => ({ balance: 0, coins: 0 }), charged: (answer) => answer.coins > 0 }));
    await act(async () => result.current.start(null));
    expect(context.store.get(userInfoAtom)?.balance).toBe(5);
  });
});
