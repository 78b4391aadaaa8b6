import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER } from '@sports/shared/server';
import { COMMAND_HELP, ENVIRONMENT_HELP, type CommandName } from './messages';

/** `pnpm mf --help`, or one command's help. */
export function helpText(command: CommandName | null): string {
  if (command) {
    const help = COMMAND_HELP[command];
    return [`usage: pnpm mf ${help.usage}`, '', `  ${help.summary}`, ...help.details.map((line) => `  ${line}`)].join('\n');
  }
  const commands = Object.values(COMMAND_HELP);
  const width = Math.max(...commands.map((help) => help.usage.length));
  return [
    'usage: pnpm mf <command> [options]   (from the repository root)',
    '',
    'Staged rollouts of the remotes: publish a build as a release, canary it, promote or roll back.',
    '',
    'commands:',
    ...commands.map((help) => `  ${help.usage.padEnd(width)}  ${help.summary}`),
    '',
    `remotes: ${REMOTE_NAMES.map((remote) => `${remote} (${REMOTE_PACKAGE_FOLDER[remote]})`).join(', ')}`,
    '',
    'environment:',
    ...ENVIRONMENT_HELP.map((line) => `  ${line}`),
    '',
    'pnpm mf <command> --help shows one command. Exit codes: 0 done, 1 failed, 2 bad usage.',
  ].join('\n');
}
