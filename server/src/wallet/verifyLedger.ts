/**
 * `pnpm ledger:verify`: checks the ledger (ledgerCheck.ts) of DATABASE_URL, else of the embedded
 * database under DATA_DIR (default server/.data; stop the server first, or pass the address it
 * logged as DATABASE_URL). Exit 0 and one line when clean; exit 1 with every problem otherwise.
 */
import path from 'node:path';
import { pino } from 'pino';
import { SERVER_DIR } from '../infra/config/serverPaths';
import { openDatabase } from '../infra/db/openDatabase';
import { checkLedger } from './ledgerCheck';

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(SERVER_DIR, '.data'));
  const log = pino({ level: 'warn' });
  const { database, embedded } = await openDatabase({ databaseUrl, dataDir }, log);
  try {
    const tables = await database.db.introspection.getTables();
    if (!tables.some((table) => table.name === 'ledger_transfer')) {
      console.error('ledger:verify: the database has no ledger yet (start the server once to migrate it)');
      return 1;
    }
    const problems = await checkLedger(database.db);
    const counts = await database.db.selectFrom('ledger_transfer').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (problems.length === 0) {
      console.log(`ledger:verify: clean (${counts.n} transfers; balances match their transfers, sum to 0, none negative)`);
      return 0;
    }
    console.error(`ledger:verify: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger:verify failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
