import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { startupHint } from './startupErrors';

const listen = { port: 8080, host: '127.0.0.1' };
const errno = (code: string) => Object.assign(new Error(`listen ${code}`), { code });

describe('startupHint', () => {
  it('tells what to do when the port is taken', () => {
    expect(startupHint(errno('EADDRINUSE'), listen)).toMatch(/Port 8080 .* already in use.*set PORT=/);
  });

  it('covers privileged ports and unknown hosts', () => {
    expect(startupHint(errno('EACCES'), listen)).toMatch(/PORT=8080/);
    expect(startupHint(errno('EADDRNOTAVAIL'), { port: 1, host: '10.9.9.9' })).toMatch(/HOST=10\.9\.9\.9 .*HOST=127\.0\.0\.1/);
  });

  it('a permission error that is not about listening names the path, not the port', () => {
    const spawnError = Object.assign(new Error('spawn /srv/app/node_modules/initdb EACCES'), { code: 'EACCES', syscall: 'spawn /srv/app/node_modules/initdb', path: '/srv/app/node_modules/initdb' });
    const hint = startupHint(spawnError, listen);
    expect(hint).toMatch(/Permission denied: \/srv\/app\/node_modules\/initdb \(spawn\)/);
    expect(hint).not.toMatch(/PORT/);
    const listenError = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES', syscall: 'listen', port: 80 });
    expect(startupHint(listenError, { port: 80, host: '0.0.0.0' })).toMatch(/Not allowed to listen on port 80/);
  });

  it('passes config problems and other errors through', () => {
    expect(startupHint(new ConfigError(['PORT must be a whole number']), listen)).toMatch(/PORT must be a whole number[\s\S]*Fix the environment/);
    expect(startupHint(new Error('something else'), listen)).toBe('something else');
  });
});
