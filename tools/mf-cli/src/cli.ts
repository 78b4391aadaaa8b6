import path from 'node:path';
import { parseInvocation, UsageError, type Command } from './args';
import { type Env, resolveConnection, userCwd } from './config';
import { CliError } from './errors';
import { formatAudit, formatRollouts } from './format';
import { helpText } from './help';
import { cliMessages } from './messages';
import { OpsClient } from './opsClient';
import { publishRelease } from './publish';

export interface CliIo {
  env: Env;
  /** Results (a release id, the list, the audit log). */
  out: (line: string) => void;
  /** Progress and errors. */
  err: (line: string) => void;
  fetch?: typeof fetch;
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Runs one `pnpm mf` command line; resolves to the exit code, never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    const invocation = parseInvocation(argv);
    if (invocation.kind === 'help') {
      io.out(helpText(invocation.command));
      return EXIT.ok;
    }
    command = invocation.command;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`error: ${error.message}`);
    io.err(cliMessages.seeHelp(error.command));
    return EXIT.usage;
  }
  try {
    const client = new OpsClient(await resolveConnection(io.env), io.fetch);
    await execute(command, client, io);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.err(`error: ${error.message}`);
    return EXIT.failed;
  }
}

async function execute(command: Command, client: OpsClient, io: CliIo): Promise<void> {
  switch (command.kind) {
    case 'publish': {
      const folder = command.dist === null ? null : path.resolve(userCwd(io.env), command.dist);
      const release = await publishRelease(client, { remote: command.remote, folder, reason: command.reason }, { progress: io.err });
      io.out(release.releaseId);
      return;
    }
    case 'list': {
      const states = await client.rollouts();
      if (command.json) io.out(JSON.stringify(states, null, 2));
      else formatRollouts(states).forEach((line) => io.out(line));
      return;
    }
    case 'canary':
      await client.canary(command.remote, command.releaseId, command.percent, command.reason);
      io.out(cliMessages.canaryDone(command.remote, command.releaseId, command.percent));
      return;
    case 'promote': {
      const before = (await client.rollouts()).find((state) => state.remote === command.remote);
      await client.promote(command.remote, command.reason);
      io.out(cliMessages.promoteDone(command.remote, before?.candidate ?? null));
      return;
    }
    case 'rollback':
      await client.rollback(command.remote, command.to, command.reason);
      io.out(command.to ? cliMessages.rollbackTo(command.remote, command.to) : cliMessages.rollbackDropped(command.remote));
      return;
    case 'audit': {
      const entries = await client.audit(command.remote, command.limit);
      if (command.json) io.out(JSON.stringify(entries, null, 2));
      else if (entries.length === 0) io.out(cliMessages.noEntries);
      else formatAudit(entries).forEach((line) => io.out(line));
      return;
    }
    case 'override': {
      const grant = await client.override(command.remote, command.releaseId, command.minutes);
      io.err(cliMessages.overrideIssued(grant.remote, grant.releaseId, grant.expiresAt));
      // stdout: the address alone, so a script can open it.
      io.out(`${client.server}${grant.url}`);
      return;
    }
  }
}
