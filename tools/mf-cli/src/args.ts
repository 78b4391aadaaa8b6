import { parseArgs, type ParseArgsConfig } from 'node:util';
import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER, ReleaseIdSchema, type RemoteName } from '@sports/shared/server';
import { cliMessages, COMMAND_HELP, type CommandName } from './messages';

export type Command =
  | { kind: 'publish'; remote: RemoteName; dist: string | null; reason: string | null }
  | { kind: 'list'; json: boolean }
  | { kind: 'canary'; remote: RemoteName; releaseId: string; percent: number; reason: string }
  | { kind: 'promote'; remote: RemoteName; reason: string }
  | { kind: 'rollback'; remote: RemoteName; to: string | null; reason: string }
  | { kind: 'audit'; remote: RemoteName | null; limit: number; json: boolean }
  | { kind: 'override'; remote: RemoteName; releaseId: string; minutes: number | null };

/** What the command line asks for: a command to run, or help (on one command or all). */
export type Invocation = { kind: 'help'; command: CommandName | null } | { kind: 'run'; command: Command };

/** A mistake on the command line: exit code 2, the message and where to read the usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command: CommandName | null,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export const DEFAULT_AUDIT_LIMIT = 30;
/** The control plane's own pattern for release ids (the shared contract). */
const RELEASE_ID = new RegExp((ReleaseIdSchema as unknown as { pattern: string }).pattern);

const OPTIONS = {
  publish: { dist: { type: 'string' }, reason: { type: 'string' } },
  list: { json: { type: 'boolean' } },
  canary: { reason: { type: 'string' } },
  promote: { reason: { type: 'string' } },
  rollback: { to: { type: 'string' }, reason: { type: 'string' } },
  audit: { limit: { type: 'string' }, json: { type: 'boolean' } },
  override: { minutes: { type: 'string' } },
} as const satisfies Record<CommandName, NonNullable<ParseArgsConfig['options']>>;

function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_HELP, name);
}

/** `pnpm mf <command> …` → what to do; throws UsageError with a message that says what is wrong. */
export function parseInvocation(argv: readonly string[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError(cliMessages.noCommand, null);
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = rest[0];
    return { kind: 'help', command: topic !== undefined && isCommandName(topic) ? topic : null };
  }
  if (!isCommandName(first)) throw new UsageError(cliMessages.unknownCommand(first), null);
  const name = first;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    const options: ParseArgsConfig['options'] = { ...OPTIONS[name], help: { type: 'boolean', short: 'h' } };
    parsed = parseArgs({ args: [...rest], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), name);
  }
  if (parsed.values.help === true) return { kind: 'help', command: name };
  return { kind: 'run', command: toCommand(name, parsed.values, parsed.positionals) };
}

function toCommand(name: CommandName, values: Record<string, unknown>, positionals: string[]): Command {
  const read = new PositionalReader(name, positionals);
  const text = (key: string): string | null => {
    const value = values[key];
    return typeof value === 'string' ? value : null;
  };
  const json = values.json === true;
  let command: Command;
  switch (name) {
    case 'publish':
      command = { kind: 'publish', remote: remoteOf(read.next('<remote>'), name), dist: text('dist'), reason: optionalReason(text('reason'), name) };
      break;
    case 'list':
      command = { kind: 'list', json };
      break;
    case 'canary': {
      const remote = remoteOf(read.next('<remote>'), name);
      const releaseId = releaseIdOf(read.next('<releaseId>'), name);
      command = { kind: 'canary', remote, releaseId, percent: percentOf(read.next('<percent>'), name), reason: requiredReason(text('reason'), name) };
      break;
    }
    case 'promote':
      command = { kind: 'promote', remote: remoteOf(read.next('<remote>'), name), reason: requiredReason(text('reason'), name) };
      break;
    case 'rollback': {
      const to = text('to');
      command = { kind: 'rollback', remote: remoteOf(read.next('<remote>'), name), to: to === null ? null : releaseIdOf(to, name), reason: requiredReason(text('reason'), name) };
      break;
    }
    case 'audit': {
      const remote = read.optional();
      command = { kind: 'audit', remote: remote === null ? null : remoteOf(remote, name), limit: limitOf(text('limit'), name), json };
      break;
    }
    case 'override': {
      const remote = remoteOf(read.next('<remote>'), name);
      command = { kind: 'override', remote, releaseId: releaseIdOf(read.next('<releaseId>'), name), minutes: minutesOf(text('minutes'), name) };
      break;
    }
  }
  read.end();
  return command;
}

class PositionalReader {
  private index = 0;

  constructor(
    private readonly command: CommandName,
    private readonly positionals: string[],
  ) {}

  next(what: string): string {
    const value = this.positionals[this.index++];
    if (value === undefined) throw new UsageError(cliMessages.missing(what), this.command);
    return value;
  }

  optional(): string | null {
    return this.positionals[this.index++] ?? null;
  }

  end(): void {
    const extra = this.positionals.slice(this.index);
    if (extra.length > 0) throw new UsageError(cliMessages.tooMany(extra), this.command);
  }
}

/** 'mf_live', or its folder 'mf-live'. */
export function remoteOf(raw: string, command: CommandName): RemoteName {
  const byFolder = REMOTE_NAMES.find((remote) => REMOTE_PACKAGE_FOLDER[remote] === raw);
  const remote = byFolder ?? REMOTE_NAMES.find((candidate) => candidate === raw);
  if (!remote) throw new UsageError(cliMessages.badRemote(raw, REMOTE_NAMES), command);
  return remote;
}

function releaseIdOf(raw: string, command: CommandName): string {
  if (raw.length > 64 || !RELEASE_ID.test(raw)) throw new UsageError(cliMessages.badReleaseId(raw), command);
  return raw;
}

function percentOf(raw: string, command: CommandName): number {
  const percent = Number(raw);
  if (!/^\d{1,3}$/.test(raw) || percent > 100) throw new UsageError(cliMessages.badPercent(raw), command);
  return percent;
}

function limitOf(raw: string | null, command: CommandName): number {
  if (raw === null) return DEFAULT_AUDIT_LIMIT;
  const limit = Number(raw);
  if (!/^\d{1,3}$/.test(raw) || limit < 1 || limit > 500) throw new UsageError(cliMessages.badLimit(raw), command);
  return limit;
}

/** The server caps it (MF_OVERRIDE_MAX_MINUTES, a day by default) and says so. */
function minutesOf(raw: string | null, command: CommandName): number | null {
  if (raw === null) return null;
  const minutes = Number(raw);
  if (!/^\d{1,6}$/.test(raw) || minutes < 1) throw new UsageError(cliMessages.badMinutes(raw), command);
  return minutes;
}

function optionalReason(raw: string | null, command: CommandName): string | null {
  return raw === null ? null : requiredReason(raw, command);
}

function requiredReason(raw: string | null, command: CommandName): string {
  const reason = raw?.trim() ?? '';
  if (reason === '') throw new UsageError(cliMessages.reasonRequired, command);
  if (reason.length > 500) throw new UsageError(cliMessages.reasonTooLong, command);
  return reason;
}

/** A release id may only be formed from a version the control plane accepts. */
export function isValidReleaseId(releaseId: string): boolean {
  return releaseId.length <= 64 && RELEASE_ID.test(releaseId);
}
