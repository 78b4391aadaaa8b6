// Preloaded into the server process (NODE_OPTIONS=--import) when BENCH_GIFTS_CPU_PROFILE names a
// folder (node refuses --cpu-prof in NODE_OPTIONS): profiles the whole run and writes
// server-<pid>.cpuprofile there on exit (open it in Chrome DevTools, Performance panel).
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const folder = process.env.BENCH_GIFTS_CPU_PROFILE_DIR;
if (folder) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error === null) {
        fs.mkdirSync(folder, { recursive: true });
        fs.writeFileSync(path.join(folder, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
    });
  });
}
