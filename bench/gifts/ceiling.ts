import http from 'node:http';
import { closedLoop, MAX_SOCKETS, type PhaseFigures } from './giftLoad';
import type { BenchMember } from './seed';

/**
 * The HTTP ceiling's route: `GET /api/Member/info` (server/src/member/routes.ts). It does what a
 * gift send does before the database write, and nothing else: `requireLogin` resolves the `token`
 * header with the same session lookup (one read query, `lookupSession`), then the route answers a
 * small JSON envelope built from the session's row (`toUserProfile`). It writes nothing. Unlike
 * the gift route it keeps the default hooks (info request lines, the compress hooks; its answer is
 * under the compression threshold), so the ceiling it measures is, if anything, a little low.
 */
export const CEILING_ROUTE = '/api/Member/info';

/** Figures of the ceiling phase, and why requests failed (by kind: any failure makes the run not clean). */
export interface CeilingFigures extends PhaseFigures {
  errors: Map<string, number>;
}

/**
 * Closed loop over the same load generator as the gift phases (closedLoop, the same agent limits):
 * `concurrency` requests in flight for `seconds`, each with a random member's token; an answer
 * counts as ok only if it is the envelope of that member's own profile.
 */
export async function httpCeiling(httpUrl: string, members: readonly BenchMember[], concurrency: number, seconds: number): Promise<CeilingFigures> {
  const url = new URL(httpUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const errors = new Map<string, number>();
  const fail = (kind: string) => {
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
    return false;
  };
  const ask = (member: BenchMember): Promise<boolean> =>
    new Promise((resolve) => {
      const request = http.request({ agent, host: url.hostname, port: Number(url.port), path: CEILING_ROUTE, headers: { token: member.token } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: { id: number } | null };
            if (response.statusCode === 200 && body.code === 200 && body.data?.id === member.id) return resolve(true);
            resolve(fail(`HTTP ${response.statusCode} code ${body.code} ${body.msg}${body.data !== null && body.data?.id !== member.id ? ' (another member)' : ''}`));
          } catch {
            resolve(fail(`HTTP ${response.statusCode}: not JSON`));
          }
        });
        response.on('error', (error) => resolve(fail(`response: ${error.message}`)));
      });
      request.on('error', (error) => resolve(fail(`request: ${error.message}`)));
      request.end();
    });
  try {
    const figures = await closedLoop(concurrency, seconds, 'HTTP ceiling', 'requests', async () => {
      const member = members[Math.floor(Math.random() * members.length)] as BenchMember;
      return { ok: await ask(member), retry: false };
    });
    return { ...figures, errors };
  } finally {
    agent.destroy();
  }
}
