import { ConfigError } from './config';

export interface ListenSettings {
  port: number;
  host: string;
}

/**
 * Turns a start-up failure into one message that says what to do next. Errors that already
 * carry advice (config, database) pass through; unknown ones keep their own message.
 */
export function startupHint(error: unknown, listen: ListenSettings): string {
  if (error instanceof ConfigError) return `${error.message}\nFix the environment variables above and start again.`;
  const errno = error as NodeJS.ErrnoException | undefined;
  const code = errno?.code;
  // EACCES is about the port only when listening; otherwise a file or program was refused
  // (e.g. a folder the process may not enter), and the port advice would send you the wrong way.
  if (code === 'EACCES' && errno?.syscall !== undefined && errno.syscall !== 'listen') {
    const what = errno.path ?? errno.syscall;
    return `Permission denied: ${what} (${errno.syscall.split(' ')[0]}). Check that the user running the server may read (and enter every folder on the way to) ${what}.`;
  }
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${listen.port} on ${listen.host} is already in use. Stop the program using it, or set PORT=<another port> (e.g. PORT=${listen.port + 1}).`;
    case 'EACCES':
      return `Not allowed to listen on port ${listen.port}. Use a port above 1024, e.g. PORT=8080.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST=${listen.host} is not an address of this machine. Use HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (all interfaces).`;
  }
  return error instanceof Error ? error.message : String(error);
}
