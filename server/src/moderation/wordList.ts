import { SENSITIVE_WORDS_MAX, type SensitiveWordChange, type SensitiveWordChangeResult, type SensitiveWordList } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { audit } from './audit';
import { MAX_WORD_LENGTH, normalizeWord } from './wordFilter';

/** The list as ops see it (oldest first) and its version. */
export async function listWords(db: Kysely<Database>): Promise<SensitiveWordList> {
  const [rows, version] = await Promise.all([
    db.selectFrom('sensitive_word').select(['id', 'word', 'created_by', 'created_at']).orderBy('id').limit(SENSITIVE_WORDS_MAX).execute(),
    wordListVersion(db),
  ]);
  return { words: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), max: SENSITIVE_WORDS_MAX, version };
}

/** The words the automaton is built from. */
export async function loadWords(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('sensitive_word').select('word').orderBy('id').limit(SENSITIVE_WORDS_MAX).execute();
  return rows.map((row) => row.word);
}

export async function wordListVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('sensitive_word_version').select('version').executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Adds and removes words (normalised; a word both added and removed is removed), in one
 * transaction that bumps the version and writes the audit. Words already listed (or not
 * listed, for removal) are no-ops. The list stays within SENSITIVE_WORDS_MAX.
 */
export async function changeWords(db: Kysely<Database>, change: SensitiveWordChange, actor: string): Promise<SensitiveWordChangeResult> {
  const normalize = (words: readonly string[] | undefined) => {
    const out = new Set<string>();
    for (const raw of words ?? []) {
      const word = normalizeWord(raw);
      if (word.length === 0 || [...word].length > MAX_WORD_LENGTH) throw errors.MODERATION_WORD_INVALID();
      out.add(word);
    }
    return out;
  };
  const remove = normalize(change.remove);
  const add = [...normalize(change.add)].filter((word) => !remove.has(word));
  if (add.length === 0 && remove.size === 0) throw errors.MODERATION_WORD_CHANGE_EMPTY();
  return db.transaction().execute(async (trx) => {
    // The version row is the list's lock: concurrent changes apply one after the other.
    const { version } = await trx
      .updateTable('sensitive_word_version')
      .set({ version: sql`version + 1` })
      .returning('version')
      .executeTakeFirstOrThrow();
    const removed = remove.size === 0 ? [] : (await trx.deleteFrom('sensitive_word').where('word', 'in', [...remove]).returning('word').execute()).map((row) => row.word);
    const added =
      add.length === 0
        ? []
        : (
            await trx
              .insertInto('sensitive_word')
              .values(add.map((word) => ({ word, created_by: actor })))
              .onConflict((conflict) => conflict.column('word').doNothing())
              .returning('word')
              .execute()
          ).map((row) => row.word);
    const { total } = await trx.selectFrom('sensitive_word').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    if (Number(total) > SENSITIVE_WORDS_MAX) throw errors.MODERATION_WORD_LIST_FULL(SENSITIVE_WORDS_MAX);
    await audit(trx, actor, 'words', null, null, { added, removed, version });
    return { added, removed, total: Number(total), version };
  });
}
