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

  it('passes config problems and other errors through', () => {
    expect(startupHint(new ConfigError(['PORT must be a whole number']), listen)).toMatch(/PORT must be a whole number[\s\S]*Fix the environment/);
    expect(startupHint(new Error('something else'), listen)).toBe('something else');
  });
});
