/** What `pnpm mf` says. The control plane's own messages (zh-CN) are passed through as they are. */

export const COMMAND_HELP = {
  publish: {
    usage: 'publish <remote> [--dist <folder>] [--reason "…"]',
    summary: 'upload a built remote as a release (every file but mf-manifest-stats.json), then register it',
    details: [
      '--dist    the build folder (default: <repo>/<remote folder>/dist, e.g. mf-live/dist)',
      '--reason  why, for the audit log (default "publish")',
      'Prints the release id (version + content hash) on stdout; progress goes to stderr.',
    ],
  },
  list: {
    usage: 'list [--json]',
    summary: "each remote's stable and candidate (traffic share), its releases and their error rates",
    details: ['--json  the control plane\'s answer as JSON'],
  },
  canary: {
    usage: 'canary <remote> <releaseId> <percent> --reason "…"',
    summary: 'start a canary of a registered release at 0-100 %, or change its percentage',
    details: ['0 % reaches only QA browsers: `pnpm mf override <remote> <releaseId>` prints the address they open.'],
  },
  promote: {
    usage: 'promote <remote> --reason "…"',
    summary: 'the candidate becomes the stable release for everyone',
    details: [],
  },
  rollback: {
    usage: 'rollback <remote> [--to <releaseId>] --reason "…"',
    summary: 'drop the candidate, or (--to) set stable back to an earlier release',
    details: ['--to  a registered release of the remote (see `pnpm mf list`)'],
  },
  audit: {
    usage: 'audit [remote] [--limit N] [--json]',
    summary: 'who did what, when and why, newest first',
    details: ['--limit  how many entries, 1-500 (default 30)', '--json   the entries as JSON'],
  },
  override: {
    usage: 'override <remote> <releaseId> [--minutes N]',
    summary: 'print a QA address that loads this release in the browser that opens it, whatever the percentage',
    details: [
      '--minutes  how long the address works (default 60; the server allows up to MF_OVERRIDE_MAX_MINUTES, a day by default)',
      'The address carries a token signed by the server; a rolled-back release is refused until it is canaried again.',
    ],
  },
} as const;

export type CommandName = keyof typeof COMMAND_HELP;

export const ENVIRONMENT_HELP = [
  'MF_SERVER     the server (default http://127.0.0.1:8080)',
  'MF_OPS_TOKEN  the ops token; else the file ${DATA_DIR:-server/.data}/ops-token',
  'DATA_DIR      the server\'s data folder, where it writes ops-token',
  'MF_ACTOR      who the audit log records (default $USER)',
];

export const cliMessages = {
  unknownCommand: (name: string) => `unknown command "${name}"`,
  noCommand: 'no command given',
  missing: (what: string) => `missing ${what}`,
  tooMany: (extra: string[]) => `unexpected argument${extra.length > 1 ? 's' : ''}: ${extra.join(' ')}`,
  badRemote: (name: string, names: readonly string[]) => `unknown remote "${name}": one of ${names.join(', ')}`,
  badPercent: (raw: string) => `percent must be a whole number from 0 to 100, got "${raw}"`,
  badLimit: (raw: string) => `--limit must be a whole number from 1 to 500, got "${raw}"`,
  badReleaseId: (raw: string) => `"${raw}" is not a release id (version-hash, e.g. 0.2.0-3f9a1c2b0d): see \`pnpm mf list\``,
  badMinutes: (raw: string) => `--minutes must be a whole number of minutes, at least 1, got "${raw}"`,
  reasonRequired: 'a reason is required (--reason "…"): it goes into the audit log',
  reasonTooLong: 'the reason is longer than 500 characters',
  seeHelp: (command: string | null) => `run \`pnpm mf ${command ? `${command} ` : ''}--help\` for usage`,

  serverUnreachable: (server: string, cause: string) =>
    `cannot reach the control plane at ${server} (${cause}): start the server (npm start) or set MF_SERVER to where it runs`,
  forbidden: (source: string) =>
    `the server refused the ops token (需要运维权限). The token came from ${source}: set MF_OPS_TOKEN to the server's token (the server's MF_OPS_TOKEN, or the ops-token file in its DATA_DIR)`,
  noToken: (file: string) =>
    `no ops token: set MF_OPS_TOKEN, or run on the server's machine where ${file} exists (the server writes it at start; set DATA_DIR if the server uses another data folder)`,
  notAnEnvelope: (status: number, url: string) => `unexpected answer (HTTP ${status}) from ${url}: is MF_SERVER pointing at the sports server?`,
  refused: (msg: string) => msg,

  distMissing: (folder: string) => `no build at ${folder} (mf-manifest.json not found): build the remote first (pnpm --filter <package> build) or pass --dist <folder>`,
  manifestUnreadable: (file: string, cause: string) => `cannot read ${file}: ${cause}`,
  noBuildVersion: (file: string) => `${file} has no metaData.buildInfo.buildVersion: is this a Module Federation build?`,
  wrongRemote: (folder: string, found: string, wanted: string) => `${folder} holds a build of ${found}, not ${wanted}: check the remote name or --dist`,
  badVersion: (version: string) => `the build's version "${version}" cannot form a release id (letters, digits, '.', '+', '_' and '-' only)`,
  badPath: (file: string) => `cannot upload "${file}": file names may only use letters, digits, '.', '_' and '-' (and '/' between folders), 200 characters at most`,
  tooLarge: (file: string, bytes: number, limit: number) => `${file} is ${formatBytes(bytes)}, over the server's ${formatBytes(limit)} per-file limit`,
  badCompressedCopies: (folder: string, problems: string[]) => `${folder} is not a clean build, nothing was uploaded: ${problems.join('; ')}`,

  publishing: (remote: string, releaseId: string, count: number, folder: string) => `publishing ${remote} ${releaseId}: ${count} files from ${folder}`,
  uploaded: (index: number, count: number, file: string, bytes: number) => `[${index}/${count}] ${file} (${formatBytes(bytes)})`,
  alreadyRegistered: (releaseId: string) => `${releaseId} is already registered (a release never changes): nothing to upload`,
  registered: (remote: string, releaseId: string) => `registered ${remote} ${releaseId}; next: pnpm mf canary ${remote} ${releaseId} <percent> --reason "…"`,
  canaryDone: (remote: string, releaseId: string, percent: number) => `${remote}: ${releaseId} now takes ${percent} % of visitors`,
  promoteDone: (remote: string, releaseId: string | null) => `${remote}: ${releaseId ?? 'the candidate'} is now stable`,
  rollbackDropped: (remote: string) => `${remote}: candidate dropped, everyone is on the stable release`,
  rollbackTo: (remote: string, releaseId: string) => `${remote}: stable is back to ${releaseId}`,
  noEntries: 'no audit entries',
  overrideIssued: (remote: string, releaseId: string, expiresAt: string) => `${remote} ${releaseId} for the browser that opens this address, until ${expiresAt}:`,
} as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
