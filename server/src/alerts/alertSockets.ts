import type { AlertSocketFrame, FanAlert } from '@sports/shared/server';
import type { WebSocket } from 'ws';
import type { AlertPages } from './alertLive';

/** A member's alert sockets on one node (tabs, devices); a further one closes the oldest. */
export const ALERT_SOCKETS_PER_MEMBER = 8;
/** The server pings every socket this often; one that has not answered the previous ping is closed. */
export const ALERT_SOCKET_PING_MS = 30_000;

interface Held {
  socket: WebSocket;
  alive: boolean;
}

/**
 * The alert socket's connections on this node (alerts/README.md, "Without the site chat"): the
 * pages of signed-in members whose chat is not ours (Tencent IM) hold `/ws/alerts`, and get the
 * same alerts as a chat page connection, encoded once per alert. Also the message centre's badge
 * push (`{type:'unread'}`), which otherwise travels on our chat socket. The page sends nothing:
 * a frame from it closes the socket (1003).
 */
export class AlertSockets implements AlertPages {
  private readonly byMember = new Map<number, Held[]>();
  private readonly pinger: NodeJS.Timeout;

  constructor(pingEveryMs: number = ALERT_SOCKET_PING_MS) {
    this.pinger = setInterval(() => this.pingAll(), pingEveryMs);
    this.pinger.unref();
  }

  get size(): number {
    let count = 0;
    for (const held of this.byMember.values()) count += held.length;
    return count;
  }

  /** A signed-in member's socket, after its upgrade was authenticated. */
  accept(memberId: number, socket: WebSocket): void {
    const mine = this.byMember.get(memberId) ?? [];
    this.byMember.set(memberId, mine);
    const held: Held = { socket, alive: true };
    mine.push(held);
    if (mine.length > ALERT_SOCKETS_PER_MEMBER) mine[0]?.socket.close(1008, 'too many alert sockets');
    socket.on('pong', () => {
      held.alive = true;
    });
    socket.on('message', () => socket.close(1003, 'this socket takes no frames'));
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      const index = mine.indexOf(held);
      if (index >= 0) mine.splice(index, 1);
      if (mine.length === 0 && this.byMember.get(memberId) === mine) this.byMember.delete(memberId);
    });
  }

  membersOutsideRooms(): number[] {
    return [...this.byMember.keys()];
  }

  alertOutsideRooms(memberIds: readonly number[], _text: string, alert: FanAlert): void {
    this.write(memberIds, JSON.stringify({ type: 'alert', alert } satisfies AlertSocketFrame));
  }

  /** The badge's push: these members have new messages. */
  unread(memberIds: readonly number[]): void {
    this.write(memberIds, JSON.stringify({ type: 'unread' } satisfies AlertSocketFrame));
  }

  /** Closes every socket (1001: the server is going away). */
  close(): void {
    clearInterval(this.pinger);
    for (const held of [...this.byMember.values()].flat()) held.socket.close(1001, 'server shutting down');
  }

  private write(memberIds: readonly number[], frame: string): void {
    if (this.byMember.size === 0) return;
    for (const memberId of memberIds) {
      const mine = this.byMember.get(memberId);
      if (mine === undefined) continue;
      for (const held of mine) if (held.socket.readyState === held.socket.OPEN) held.socket.send(frame);
    }
  }

  private pingAll(): void {
    for (const held of [...this.byMember.values()].flat()) {
      if (!held.alive) {
        held.socket.terminate();
        continue;
      }
      held.alive = false;
      held.socket.ping();
    }
  }
}
