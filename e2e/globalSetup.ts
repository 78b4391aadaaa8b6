import { rmSync } from 'node:fs';
import { E2E_DATA_DIR, E2E_PORT, E2E_PORT_WAS_PICKED, E2E_SERVER_ENV } from './playwright.config';
import { startSiteServer, verifyLedger } from './siteServer.mjs';
import { SERVER_LOG_PATH } from './tests/support/serverLog';

/**
 * Starts the real server for the run over a fresh embedded PostgreSQL (in place of Playwright's
 * webServer, which cannot say why a server died): a server that exits at start fails the run at
 * once with its own last output, and one that dies during the run is reported at once too and
 * fails the run at teardown. Returns the teardown, which also runs `ledger:verify` on the run's
 * database (every journey's coins: recharges, gifts, guards, withdrawals) and fails the run unless
 * it is clean.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  // A picked port is never used again: its data folder would only pile up.
  const removePickedData = () => E2E_PORT_WAS_PICKED && rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const server = await startSiteServer({
    port: E2E_PORT,
    env: E2E_SERVER_ENV,
    logFile: SERVER_LOG_PATH,
    onUnexpectedExit: (message) => console.error(`\n[e2e server] ${message}`),
  }).catch((error: unknown) => {
    removePickedData();
    throw error;
  });
  console.log(`[e2e server] ready at ${server.url} (data in ${E2E_DATA_DIR})`);

  return async () => {
    const diedDuringRun = server.exit();
    await server.stop();
    const ledger = await verifyLedger({ dataDir: E2E_DATA_DIR });
    removePickedData();
    if (diedDuringRun !== null) {
      throw new Error(`the e2e server exited (code ${diedDuringRun.code}, signal ${diedDuringRun.signal}) during the run; its last output:\n${server.output()}`);
    }
    console.log(`[e2e server] ${ledger.output}`);
    if (!ledger.ok) throw new Error(`the run's ledger is not clean (pnpm ledger:verify on ${E2E_DATA_DIR}):\n${ledger.output}`);
  };
}
