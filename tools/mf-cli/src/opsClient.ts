import type { AuditEntry, MfRelease, OverrideGrantAnswer, RemoteName, RolloutState } from '@sports/shared/server';
import type { OpsConnection } from './config';
import { CliError } from './errors';
import { cliMessages } from './messages';

/** The headers the control plane reads: the ops token and the audit log's "who". */
export const OPS_TOKEN_HEADER = 'x-ops-token';
export const OPS_ACTOR_HEADER = 'x-ops-actor';

/** A failure the control plane answered (code 1, its zh-CN message), with the HTTP status. */
export class OpsRefusal extends CliError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'OpsRefusal';
  }
}

type Body = { json: unknown } | { bytes: Uint8Array };

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as Envelope).code === 'number';
}

/** The ops API (server/src/rollouts/opsRoutes.ts) over node's fetch. */
export class OpsClient {
  constructor(
    private readonly connection: OpsConnection,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  rollouts(): Promise<RolloutState[]> {
    return this.call('GET', '/api/mf/rollouts');
  }

  audit(remote: RemoteName | null, limit: number): Promise<AuditEntry[]> {
    const query = new URLSearchParams({ limit: String(limit), ...(remote ? { remote } : {}) });
    return this.call('GET', `/api/mf/audit?${query}`);
  }

  uploadFile(remote: RemoteName, releaseId: string, file: string, bytes: Uint8Array): Promise<null> {
    const encoded = file.split('/').map(encodeURIComponent).join('/');
    return this.call('PUT', `/api/mf/releases/${remote}/${encodeURIComponent(releaseId)}/files/${encoded}`, { bytes });
  }

  register(remote: RemoteName, releaseId: string, reason: string | null): Promise<MfRelease> {
    return this.call('POST', '/api/mf/releases', { json: { remote, releaseId, ...(reason ? { reason } : {}) } });
  }

  canary(remote: RemoteName, releaseId: string, percent: number, reason: string): Promise<null> {
    return this.call('POST', `/api/mf/rollouts/${remote}/canary`, { json: { releaseId, percent, reason } });
  }

  promote(remote: RemoteName, reason: string): Promise<null> {
    return this.call('POST', `/api/mf/rollouts/${remote}/promote`, { json: { reason } });
  }

  rollback(remote: RemoteName, toReleaseId: string | null, reason: string): Promise<null> {
    return this.call('POST', `/api/mf/rollouts/${remote}/rollback`, { json: { reason, ...(toReleaseId ? { toReleaseId } : {}) } });
  }

  /** A QA override token for one release and the site path that applies it. */
  override(remote: RemoteName, releaseId: string, minutes: number | null): Promise<OverrideGrantAnswer> {
    return this.call('POST', '/api/mf/overrides', { json: { remote, releaseId, ...(minutes === null ? {} : { minutes }) } });
  }

  /** The server's address (what a path it answers is relative to). */
  get server(): string {
    return this.connection.server;
  }

  private async call<Data>(method: string, pathAndQuery: string, body?: Body): Promise<Data> {
    const url = `${this.connection.server}${pathAndQuery}`;
    const headers: Record<string, string> = {
      [OPS_TOKEN_HEADER]: this.connection.token,
      [OPS_ACTOR_HEADER]: this.connection.actor,
      'X-Requested-With': 'XMLHttpRequest',
    };
    let payload: string | Uint8Array | undefined;
    if (body && 'json' in body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      headers['Content-Type'] = 'application/octet-stream';
      payload = body.bytes;
    }
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, body: payload });
    } catch (error) {
      throw new CliError(cliMessages.serverUnreachable(this.connection.server, causeOf(error)));
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 403 && isEnvelope(answer) && answer.code !== 200) {
      throw new OpsRefusal(cliMessages.forbidden(this.connection.tokenSource), 403);
    }
    if (!isEnvelope(answer)) throw new CliError(cliMessages.notAnEnvelope(response.status, url));
    if (answer.code !== 200) throw new OpsRefusal(answer.msg || `HTTP ${response.status}`, response.status);
    return answer.data as Data;
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
