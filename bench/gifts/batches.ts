import type { ServerProcess } from '@sports/server/bench';

/**
 * How the server batched the gift sends of a phase (wallet/gifts/giftBatcher.ts): a batch is one
 * transaction, and every transfer set it writes has the transaction's start time (`now()`) as
 * `created_at`, so the distinct times of a phase's gift sets count its batches (two batches
 * starting in the same microsecond would count once).
 */
export interface BatchFigures {
  sets: number;
  batches: number;
}

/** The last transfer set's id (a phase's sets are those after the mark taken before it). */
export async function transferSetMark(server: ServerProcess): Promise<number> {
  const { rows } = await server.database.handle.pool.query<{ id: string | null }>('select max(id) as id from ledger_transfer_set');
  return Number(rows[0]?.id ?? 0);
}

/** The gift sets written after `fromId` up to `toId`, and the batches (transactions) that wrote them. */
export async function giftBatchesBetween(server: ServerProcess, fromId: number, toId: number): Promise<BatchFigures> {
  const { rows } = await server.database.handle.pool.query<{ sets: string; batches: string }>(
    `select count(*) as sets, count(distinct created_at) as batches from ledger_transfer_set where kind = 'gift' and id > $1 and id <= $2`,
    [fromId, toId],
  );
  return { sets: Number(rows[0]?.sets ?? 0), batches: Number(rows[0]?.batches ?? 0) };
}

/** "16,389 sends applied in 1,020 batches (16.1 a batch)". */
export function describeBatches(figures: BatchFigures): string {
  const each = figures.batches === 0 ? 0 : figures.sets / figures.batches;
  return `${figures.sets.toLocaleString('en-US')} sends applied in ${figures.batches.toLocaleString('en-US')} batches (${each.toFixed(1)} a batch)`;
}
