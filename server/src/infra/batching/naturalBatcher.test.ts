import { describe, expect, it } from 'vitest';
import { type BatchEntry, NaturalBatcher } from './naturalBatcher';

/** A batcher whose batches return when the test says: each batch's items are recorded, and `finish` answers one (each item doubled, or a failure). */
function controlledBatcher(limits: { maxBatch: number; maxInFlight: number }, onIdle?: () => void) {
  const started: number[][] = [];
  const pending: Array<{ batch: ReadonlyArray<BatchEntry<number, number>>; done: (error?: Error) => void }> = [];
  let running = 0;
  let mostRunning = 0;
  const batcher = new NaturalBatcher<number, number>({
    name: 'TestBatcher',
    ...limits,
    onIdle,
    run: (batch) => {
      started.push(batch.map((entry) => entry.item));
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      return new Promise<void>((resolve, reject) => {
        pending.push({
          batch,
          done: (error) => {
            running -= 1;
            if (error !== undefined) return reject(error);
            for (const entry of batch) entry.resolve(entry.item * 2);
            resolve();
          },
        });
      });
    },
  });
  /** Lets the batcher react to a batch that returned (its `finally`, the next batch's start). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Answers the oldest running batch (or fails it with `error`). */
  const finish = async (error?: Error) => {
    (pending.shift() as (typeof pending)[number]).done(error);
    await settle();
  };
  return { batcher, started, finish, settle, running: () => pending.length, mostRunning: () => mostRunning };
}

describe('NaturalBatcher: natural batching, no timer', () => {
  it('idle, an item goes at once and alone', async () => {
    const { batcher, started, finish } = controlledBatcher({ maxBatch: 10, maxInFlight: 1 });
    const answer = batcher.add(1);
    expect(started).toEqual([[1]]);
    await finish();
    await expect(answer).resolves.toBe(2);
    expect(batcher.stats()).toEqual({ batches: 1, items: 1, largestBatch: 1 });
  });

  it('busy, the items that arrive while maxInFlight batches run go together in the next batch, in arrival order', async () => {
    const { batcher, started, finish } = controlledBatcher({ maxBatch: 10, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((item) => batcher.add(item));
    // 1 and 2 each went at once (two in flight); 3, 4 and 5 arrived while both ran.
    expect(started).toEqual([[1], [2]]);
    await finish();
    expect(started).toEqual([[1], [2], [3, 4, 5]]);
    await finish();
    await finish();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10]);
    expect(batcher.stats()).toEqual({ batches: 3, items: 5, largestBatch: 3 });
  });

  it('never more than maxBatch items in a batch nor maxInFlight batches at once; order kept', async () => {
    const { batcher, started, finish, running, mostRunning } = controlledBatcher({ maxBatch: 3, maxInFlight: 2 });
    const answers = Array.from({ length: 20 }, (_, item) => batcher.add(item));
    while (running() > 0) await finish();
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, (_, item) => item * 2));
    expect(started.every((batch) => batch.length <= 3)).toBe(true);
    expect(started.flat()).toEqual(Array.from({ length: 20 }, (_, item) => item));
    expect(mostRunning()).toBe(2);
    expect(batcher.stats()).toMatchObject({ items: 20, largestBatch: 3 });
  });

  it("a batch's failure rejects that batch's items only, and the line goes on", async () => {
    const { batcher, started, finish } = controlledBatcher({ maxBatch: 10, maxInFlight: 1 });
    const first = batcher.add(1);
    const failing = Promise.allSettled([batcher.add(2), batcher.add(3), batcher.add(4)]);
    await finish();
    expect(started).toEqual([[1], [2, 3, 4]]);
    await finish(new Error('the database is gone'));
    const outcomes = await failing;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'the database is gone' });
    await expect(first).resolves.toBe(2);
    const after = batcher.add(5);
    expect(started).toEqual([[1], [2, 3, 4], [5]]);
    await finish();
    await expect(after).resolves.toBe(10);
  });

  it('a run that throws after answering some items rejects only the others; one that answers nothing rejects them all', async () => {
    const partial = new NaturalBatcher<number, number>({
      name: 'PartialBatcher',
      maxBatch: 10,
      maxInFlight: 1,
      run: async (batch) => {
        (batch[0] as BatchEntry<number, number>).resolve(0);
        throw new Error('half-way');
      },
    });
    // [1] alone, then [2, 3]: each batch answers its first item and fails the rest.
    const outcomes = await Promise.allSettled([partial.add(1), partial.add(2), partial.add(3)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);

    const silent = new NaturalBatcher<number, number>({ name: 'SilentBatcher', maxBatch: 10, maxInFlight: 1, run: async () => undefined });
    await expect(silent.add(1)).rejects.toThrow('SilentBatcher: the batch returned without answering this item');
  });

  it('a run that throws before its first await is a failed batch too, not a throw from add', async () => {
    const batcher = new NaturalBatcher<number, number>({
      name: 'SyncThrow',
      maxBatch: 10,
      maxInFlight: 1,
      run: () => {
        throw new Error('at once');
      },
    });
    await expect(batcher.add(1)).rejects.toThrow('at once');
    await expect(batcher.add(2)).rejects.toThrow('at once');
    expect(batcher.stats().batches).toBe(2);
  });

  it('onIdle: once the last batch returned with nothing waiting, not between batches', async () => {
    let idle = 0;
    const { batcher, finish } = controlledBatcher({ maxBatch: 10, maxInFlight: 1 }, () => {
      idle += 1;
    });
    const answers = [batcher.add(1), batcher.add(2)];
    await finish();
    expect(idle).toBe(0);
    await finish();
    await Promise.all(answers);
    expect(idle).toBe(1);
  });

  it('drain waits for the batches in flight and those still waiting', async () => {
    const { batcher, finish, settle } = controlledBatcher({ maxBatch: 1, maxInFlight: 1 });
    void batcher.add(1);
    void batcher.add(2);
    let drained = false;
    const draining = batcher.drain().then(() => {
      drained = true;
    });
    await finish();
    expect(drained).toBe(false);
    await finish();
    await draining;
    await settle();
    expect(drained).toBe(true);
  });

  it('refuses limits that are not positive integers', () => {
    const run = async () => undefined;
    expect(() => new NaturalBatcher({ name: 'Bad', maxBatch: 0, maxInFlight: 1, run })).toThrow('Bad: maxBatch must be a positive integer, got 0');
    expect(() => new NaturalBatcher({ name: 'Bad', maxBatch: 1, maxInFlight: 1.5, run })).toThrow('Bad: maxInFlight must be a positive integer, got 1.5');
  });
});
