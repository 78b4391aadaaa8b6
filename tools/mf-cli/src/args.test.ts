import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIT_LIMIT, parseInvocation, UsageError } from './args';

const run = (...argv: string[]) => {
  const invocation = parseInvocation(argv);
  if (invocation.kind !== 'run') throw new Error(`expected a command, got ${JSON.stringify(invocation)}`);
  return invocation.command;
};

function usageError(...argv: string[]): UsageError {
  try {
    parseInvocation(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

describe('pnpm mf arguments', () => {
  it('publish: the remote (name or folder), an optional --dist and --reason', () => {
    expect(run('publish', 'mf_live')).toEqual({ kind: 'publish', remote: 'mf_live', dist: null, reason: null });
    expect(run('publish', 'mf-scores', '--dist', 'build/out', '--reason', 'hot fix')).toEqual({
      kind: 'publish',
      remote: 'mf_scores',
      dist: 'build/out',
      reason: 'hot fix',
    });
    expect(run('publish', '--dist=x', 'mf_member')).toMatchObject({ remote: 'mf_member', dist: 'x' });
  });

  it('canary: remote, release id and a whole percentage 0-100, with a reason', () => {
    expect(run('canary', 'mf_live', '0.2.0-3f9a1c2b0d', '10', '--reason', 'first 10 %')).toEqual({
      kind: 'canary',
      remote: 'mf_live',
      releaseId: '0.2.0-3f9a1c2b0d',
      percent: 10,
      reason: 'first 10 %',
    });
    expect(run('canary', 'mf_live', '0.2.0-3f9a1c2b0d', '0', '--reason', 'QA only')).toMatchObject({ percent: 0 });
    expect(run('canary', 'mf_live', '0.2.0-3f9a1c2b0d', '100', '--reason', 'all')).toMatchObject({ percent: 100 });
    for (const bad of ['101', '1.5', 'ten', '']) {
      expect(usageError('canary', 'mf_live', '0.2.0-3f9a1c2b0d', bad, '--reason', 'r').message).toContain('percent must be a whole number');
    }
  });

  it('promote, rollback (with or without --to) and audit', () => {
    expect(run('promote', 'mf_live', '--reason', 'healthy')).toEqual({ kind: 'promote', remote: 'mf_live', reason: 'healthy' });
    expect(run('rollback', 'mf_live', '--reason', 'errors')).toEqual({ kind: 'rollback', remote: 'mf_live', to: null, reason: 'errors' });
    expect(run('rollback', 'mf_live', '--to', '0.1.0-aaaaaaaaaa', '--reason', 'back')).toMatchObject({ to: '0.1.0-aaaaaaaaaa' });
    expect(run('audit')).toEqual({ kind: 'audit', remote: null, limit: DEFAULT_AUDIT_LIMIT, json: false });
    expect(run('audit', 'mf_live', '--limit', '5', '--json')).toEqual({ kind: 'audit', remote: 'mf_live', limit: 5, json: true });
    expect(run('list', '--json')).toEqual({ kind: 'list', json: true });
  });

  it('help: on everything, or on one command', () => {
    expect(parseInvocation(['--help'])).toEqual({ kind: 'help', command: null });
    expect(parseInvocation(['-h'])).toEqual({ kind: 'help', command: null });
    expect(parseInvocation(['help', 'canary'])).toEqual({ kind: 'help', command: 'canary' });
    expect(parseInvocation(['rollback', '--help'])).toEqual({ kind: 'help', command: 'rollback' });
    // --help wins over what is missing.
    expect(parseInvocation(['canary', '-h'])).toEqual({ kind: 'help', command: 'canary' });
  });

  it('says what is wrong, and for which command', () => {
    expect(usageError()).toMatchObject({ message: 'no command given', command: null });
    expect(usageError('deploy')).toMatchObject({ message: 'unknown command "deploy"', command: null });
    expect(usageError('publish')).toMatchObject({ message: 'missing <remote>', command: 'publish' });
    expect(usageError('publish', 'mf_shop').message).toBe('unknown remote "mf_shop": one of mf_live, mf_scores, mf_community, mf_member');
    expect(usageError('promote', 'mf_live').message).toContain('a reason is required');
    expect(usageError('promote', 'mf_live', '--reason', '   ').message).toContain('a reason is required');
    expect(usageError('promote', 'mf_live', '--reason', 'x'.repeat(501)).message).toContain('longer than 500');
    expect(usageError('promote', 'mf_live', 'extra', '--reason', 'r').message).toBe('unexpected argument: extra');
    expect(usageError('list', '--verbose').message).toContain("Unknown option '--verbose'");
    expect(usageError('rollback', 'mf_live', '--to', 'latest', '--reason', 'r').message).toContain('"latest" is not a release id');
    expect(usageError('canary', 'mf_live', '0.2.0-3f9a1c2b0d', '5').command).toBe('canary');
    expect(usageError('audit', '--limit', '501').message).toContain('--limit must be a whole number from 1 to 500');
    expect(usageError('publish', 'mf_live', '--reason').message).toContain("'--reason <value>' argument missing");
  });
});
