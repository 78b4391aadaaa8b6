import { resolveUrl, RetryTimer, type AlertSocketFrame, type FanAlert } from '@sports/shared';

/** The server's alert socket (server/src/alerts/README.md, "Without the site chat"). */
export const ALERT_SOCKET_PATH = '/ws/alerts';

/** A text frame's JSON object (`AlertSocketFrame` from @sports/shared, or something newer); null for anything else (ignored). */
function parseFrame(data: unknown): Partial<AlertSocketFrame> | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<AlertSocketFrame>) : null;
  } catch {
    return null;
  }
}

export interface AlertSocketHandlers {
  /** A fan alert (a followed team's goal, a followed anchor live...). */
  onAlert: (alert: FanAlert) => void;
  /** The message centre's badge push, and each (re)connection: read the count again. */
  onUnread: () => void;
}

/**
 * The signed-in page's alert socket when the chat is not ours (Tencent IM): the session cookie
 * signs it in; the server sends `{type:'alert', alert}` and `{type:'unread'}`, the page sends
 * nothing. Lost, it comes back with backoff (DEFAULT_BACKOFF) and the count is read again (what
 * was pushed meanwhile). Answers the stop function.
 */
export function openAlertSocket(handlers: AlertSocketHandlers, random: () => number = Math.random): () => void {
  let socket: WebSocket | null = null;
  const retry = new RetryTimer(random);
  let stopped = false;
  const connect = () => {
    try {
      socket = new WebSocket(resolveUrl(ALERT_SOCKET_PATH));
    } catch {
      return; // No WebSocket in this browser: the count is still read on load and focus.
    }
    const current = socket;
    current.onopen = () => {
      retry.succeeded();
      handlers.onUnread();
    };
    current.onmessage = (event: MessageEvent) => {
      const frame = parseFrame(event.data);
      if (frame?.type === 'alert' && 'alert' in frame && frame.alert !== undefined) handlers.onAlert(frame.alert);
      else if (frame?.type === 'unread') handlers.onUnread();
    };
    current.onclose = () => {
      if (stopped || socket !== current) return;
      socket = null;
      retry.schedule(connect);
    };
  };
  connect();
  return () => {
    stopped = true;
    retry.cancel();
    socket?.close();
    socket = null;
  };
}
