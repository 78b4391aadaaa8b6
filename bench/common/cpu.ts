import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * A process's CPU time (user + system) so far, in ms, from /proc/<pid>/stat; with `reapedChildren`
 * also the time of its children that exited and were waited for (a PostgreSQL's ended backends).
 * 0 once the process is gone.
 */
export function processCpuMs(pid: number, reapedChildren = false): number {
  let fields: string[];
  try {
    fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  } catch {
    return 0;
  }
  // After the ") ": state is field 0, utime 11, stime 12, cutime 13, cstime 14.
  const ticks = Number(fields[11]) + Number(fields[12]) + (reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
