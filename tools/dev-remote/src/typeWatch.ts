import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `tsc --noEmit --watch` in the remote's folder: its code checked against the types of
 * @sports/shared as the squad's build sees them, errors printed as they come (prefixed [types]).
 */
export function watchTypes(remoteDir: string, print: (line: string) => void): ChildProcess {
  const tsc = path.join(remoteDir, 'node_modules', '.bin', 'tsc');
  const child = spawn(tsc, ['--noEmit', '-p', 'tsconfig.json', '--watch', '--preserveWatchOutput'], { cwd: remoteDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  const onData = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    // tsc clears the screen between runs (\x1bc): drop the escapes, keep the text.
    for (const line of lines) if (line.trim() !== '') print(`[types] ${line.replace(/\x1b\[[0-9;]*[A-Za-z]|\x1bc/g, '')}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('error', (error) => print(`[types] tsc did not start: ${error.message}`));
  return child;
}
