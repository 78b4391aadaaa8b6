/**
 * Issue 37's video figures on their own (edgeParts.ts says what they are):
 * `pnpm --dir bench exec tsx video/edgeRun.ts`, or `pnpm bench:video --edge`.
 */
import { openPostgres } from '../common/postgres';
import { runEdgeParts } from './edgeParts';

async function main(): Promise<number> {
  const postgres = await openPostgres((line) => console.log(`[bench:video edge] ${line}`));
  try {
    return (await runEdgeParts(postgres.adminUrl)) ? 0 : 1;
  } finally {
    await postgres.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
