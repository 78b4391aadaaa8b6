import fs from 'node:fs';

/** Live child processes of `parent` with their command name (from /proc/<pid>/stat). */
export function childProcesses(parent: number): { pid: number; comm: string }[] {
  const children: { pid: number; comm: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      if (Number(fields[1]) === parent) children.push({ pid: Number(entry), comm });
    } catch {
      // It exited while we looked.
    }
  }
  return children;
}
