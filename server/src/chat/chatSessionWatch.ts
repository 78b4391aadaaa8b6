import { SocketCloseCode } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatConnection } from './chatConnection';
import type { ChatConnections } from './chatConnections';
import type { MemberSessions } from './memberSessions';

/**
 * Connected members' sessions are checked this often: a member who signed out (or reset the
 * password) elsewhere is cut within this; a send checks its session at once anyway.
 */
export const DEFAULT_SESSION_CHECK_MS = 5_000;

/** Closes a member's connection whose site session ended (code SessionEnded). */
export function endSession(connection: ChatConnection): void {
  if (connection.isOpen) connection.socket.close(SocketCloseCode.SessionEnded, 'session ended');
}

/**
 * Members' chat connections live only as long as their site sessions: every `checkMs` the
 * sessions of the connected members are read (one query), and the connections whose session
 * ended (sign-out, password reset, expiry) are closed.
 */
export class ChatSessionWatch {
  private readonly timer: NodeJS.Timeout;
  private checking = false;
  private stopped = false;

  constructor(
    private readonly connections: ChatConnections,
    private readonly sessions: Pick<MemberSessions, 'ended'>,
    private readonly log: FastifyBaseLogger,
    checkMs = DEFAULT_SESSION_CHECK_MS,
  ) {
    this.timer = setInterval(() => void this.cutEndedSessions(), checkMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Cuts the connections whose member's site session ended (sign-out, password reset, expiry). */
  private async cutEndedSessions(): Promise<void> {
    if (this.checking || this.stopped) return;
    this.checking = true;
    try {
      const bySession = new Map<number, ChatConnection[]>();
      for (const connection of this.connections) {
        const sessionId = connection.identity?.sessionId;
        if (sessionId === null || sessionId === undefined) continue;
        const list = bySession.get(sessionId);
        if (list === undefined) bySession.set(sessionId, [connection]);
        else list.push(connection);
      }
      if (bySession.size === 0) return;
      const ended = await this.sessions.ended([...bySession.keys()]);
      for (const sessionId of ended) for (const connection of bySession.get(sessionId) ?? []) endSession(connection);
    } catch (error) {
      this.log.error({ err: error }, 'chat: checking members\' sessions failed');
    } finally {
      this.checking = false;
    }
  }
}
