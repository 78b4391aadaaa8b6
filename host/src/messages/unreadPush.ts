import { MEMBER_CHAT_SIG_PATH, type ApiClient, type SystemConfig } from '@sports/shared';
import { publishFanAlert } from '../goals/fanAlerts';

/**
 * The push of the message centre (server/src/messages/README.md, "Push"): a signed-in member's
 * page keeps a chat connection (the built-in chat's `/ws/chat`, logged in as the member, in no
 * room); the server sends a C2C notice to it after a message for them commits, and `onNotice`
 * reads the unread count again. A notice carrying an `alert` (a followed team's goal, a followed
 * anchor live: server/src/alerts/README.md) is not a message: it goes to the popups
 * (`goals/fanAlerts.ts`). The chat clients are loaded here on demand (a chunk of their
 * own: they are not in the first visit's bundle, issue 16). With Tencent IM nothing is opened:
 * the count is read on load and focus only. Answers the stop function.
 */
export function startUnreadPush(api: ApiClient, im: SystemConfig['im'], onNotice: () => void): () => void {
  if (im.provider !== 'builtin') return () => undefined;
  let stopped = false;
  let stop: () => void = () => undefined;
  void (async () => {
    try {
      const { createChatClient } = await import(/* webpackChunkName: "message-push" */ '@sports/shared/chat');
      if (stopped) return;
      const client = createChatClient(im);
      const offNotice = client.on('systemNotice', (notice) => (notice.alert ? publishFanAlert(notice.alert) : onNotice()));
      // Back after an outage: what was pushed meanwhile is read again.
      const offConnection = client.on('connectionChange', (state) => state === 'connected' && onNotice());
      stop = () => {
        offNotice();
        offConnection();
        client.destroy();
      };
      // Taken as it is (no SPEC.md section 8 handling): a saved user whose session ended is the
      // page's own profile read to announce, not this background connection's.
      const envelope = await api.envelope<{ id: string | number; userSig: string } | null>({ method: 'GET', url: MEMBER_CHAT_SIG_PATH });
      const answer = envelope.code === 200 ? envelope.data : null;
      if (stopped || answer === null || !answer.userSig) return stop();
      await client.login({ userId: String(answer.id), userSig: answer.userSig, kind: 'member' });
      if (stopped) stop();
    } catch (error) {
      // No push (the chat is down, or the session ended): the count is still read on focus.
      console.warn('message centre: the push connection could not start', error);
      stop();
    }
  })();
  return () => {
    stopped = true;
    stop();
  };
}
