/** `pnpm mf <command>`: see help.ts, or run `pnpm mf --help`. */
import { runCli } from './cli';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
