import { LOGOUT_CONFIRM_CODES, RetryTimer, MEMBER_CHAT_SIG_PATH, ResponseCode, type ApiClient, type ChatClient, type FanAlert, type SystemConfig } from '@sports/shared';
import { publishFanAlert } from '../goals/fanAlerts';
import { openAlertSocket } from './alertSocket';

export interface UnreadPushHandlers {
  /** A new message: read the count again. */
  onNotice: () => void;
  /**
   * A new fan alert: its 赛事 message is being written (the fan-out job, seconds later), so the
   * badge counts it now; the server sends no other notice for it (server/src/alerts/README.md).
   */
  onAlertMessage: () => void;
}

/** The signature read says the site session is gone: the push stops (the page's own calls announce it). */
const signedOut = (code: number) => code === ResponseCode.LoginRequired || LOGOUT_CONFIRM_CODES.has(code);

/**
 * The push of the message centre (server/src/messages/README.md, "Push"): a signed-in member's
 * page keeps a chat connection (the built-in chat's `/ws/chat`, logged in as the member, in no
 * room); the server sends a C2C notice to it after a message for them commits, and `onNotice`
 * reads the unread count again. A notice carrying an `alert` (a followed team's goal, a followed
 * anchor live: server/src/alerts/README.md) is not a message: it goes to the popups
 * (`goals/fanAlerts.ts`), and the badge counts its 赛事 message (`onAlertMessage`). The chat
 * clients are loaded here on demand (a chunk of their own: they are not in the first visit's
 * bundle, issue 16). With Tencent IM the page holds the alert socket instead
 * (`alertSocket.ts`, signed in by the session cookie): the same alerts and notices. Answers the
 * stop function.
 *
 * **It keeps trying** (issue 39): a first login that fails (the chat socket refused or closed,
 * no answer within the request timeout on a busy server, a refused signature) and a connection
 * the chat client gave up on (a refused re-login after a restart, the session-ended close) start
 * again with backoff (DEFAULT_BACKOFF, up to 30 s apart) with a fresh signature, until the page
 * stops it or the signature read says the site session ended. Before, one failed first login left
 * the page without alerts and badge pushes until it was reloaded.
 */
export function startUnreadPush(api: ApiClient, im: SystemConfig['im'], { onNotice, onAlertMessage }: UnreadPushHandlers, random: () => number = Math.random): () => void {
  const alerted = (alert: FanAlert) => publishFanAlert(alert) && onAlertMessage();
  if (im.provider !== 'builtin') return openAlertSocket({ onAlert: alerted, onUnread: onNotice }, random);
  let stopped = false;
  let client: ChatClient | null = null;
  const retry = new RetryTimer(random);
  let connected = false;
  const offs: (() => void)[] = [];

  const again = () => {
    if (!stopped) retry.schedule(() => void connect());
  };

  const connect = async (): Promise<void> => {
    try {
      if (client === null) {
        const { createChatClient } = await import(/* webpackChunkName: "message-push" */ '@sports/shared/chat');
        if (stopped) return;
        const created = createChatClient(im);
        client = created;
        offs.push(created.on('systemNotice', (notice) => (notice.alert ? alerted(notice.alert) : onNotice())));
        offs.push(
          created.on('connectionChange', (state) => {
            if (state === 'connected') {
              connected = true;
              retry.succeeded();
              // Back after an outage: what was pushed meanwhile is read again.
              onNotice();
            } else if (state === 'offline' && connected) {
              // The client gave up (a refused re-login, the session-ended close): start again with a fresh signature.
              connected = false;
              again();
            }
          }),
        );
      }
      // Taken as it is (no SPEC.md section 8 handling): a saved user whose session ended is the
      // page's own profile read to announce, not this background connection's.
      const envelope = await api.envelope<{ id: string | number; userSig: string } | null>({ method: 'GET', url: MEMBER_CHAT_SIG_PATH });
      if (stopped) return;
      if (signedOut(envelope.code)) return;
      const answer = envelope.code === 200 ? envelope.data : null;
      if (answer === null || !answer.userSig) return again();
      await client.login({ userId: String(answer.id), userSig: answer.userSig, kind: 'member' });
    } catch (error) {
      if (stopped) return;
      // No push for now (the chat is down or slow, the chunk did not load): again after a while; the count is still read on focus.
      console.warn('message centre: the push connection could not start; trying again', error);
      again();
    }
  };
  void connect();
  return () => {
    stopped = true;
    retry.cancel();
    for (const off of offs) off();
    client?.destroy();
  };
}
