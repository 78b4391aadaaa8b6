import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, type NotifySettings, type NotifySettingsAnswer } from '@sports/shared';
import { Switch } from '@sports/shared/pageKit';
import { useHostServices } from '../app/hostServices';
import { messagesCopy } from './messagesCopy';
import { fetchNotifySettings, saveNotifySettings, sendPushSubscription } from './notifyApi';
import { browserNotifySupport, notificationPermission, subscribeWebPush, type BrowserNotifySupport } from './webPush';

const copy = messagesCopy.settings;
const SWITCHES: readonly (keyof NotifySettings)[] = ['goals', 'red_cards', 'match_status', 'anchor_live', 'system'];

const Section = styled.section`
  margin: 16px 0;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.font.body};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    padding: 6px 0;
  }
  p {
    margin: 8px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

export interface NotifySettingsPanelProps {
  /** Tests: what the browser offers (default: this browser's). */
  support?: BrowserNotifySupport;
  /** Tests: asks the permission (default Notification.requestPermission). */
  requestPermission?: () => Promise<NotificationPermission>;
  /** Tests: subscribes to Web Push (default through the alerts worker). */
  subscribe?: (vapidPublicKey: string) => Promise<PushSubscriptionJSON>;
}

/**
 * 通知设置 (issue 39 part 2; server/src/alerts/README.md): a switch per alert kind, kept on the
 * server (`api/Notify/settings`); browser notifications asked from a button (never on load), and
 * Web Push where the browser has it. Says when the browser cannot.
 */
export function NotifySettingsPanel({ support = browserNotifySupport(), requestPermission, subscribe = subscribeWebPush }: NotifySettingsPanelProps) {
  const { api } = useHostServices();
  const [answer, setAnswer] = useState<NotifySettingsAnswer | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [note, setNote] = useState<string | null>(null);
  const [permission, setPermission] = useState(() => (support.notifications ? notificationPermission() : 'unsupported'));
  const [pushOn, setPushOn] = useState(false);

  useEffect(() => {
    let live = true;
    fetchNotifySettings(api).then(
      (next) => live && (setAnswer(next), setStatus('ready')),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const toggle = (name: keyof NotifySettings, value: boolean) => {
    if (answer === null) return;
    setAnswer({ ...answer, settings: { ...answer.settings, [name]: value } });
    saveNotifySettings(api, { [name]: value }).then(
      (next) => (setAnswer(next), setNote(copy.saved)),
      () => (setAnswer(answer), setNote(copy.saveFailed)),
    );
  };

  const enable = useCallback(async () => {
    const ask = requestPermission ?? (() => Notification.requestPermission());
    const granted = await ask();
    setPermission(granted);
    if (granted !== 'granted' || !support.push || answer === null) return;
    try {
      await sendPushSubscription(api, await subscribe(answer.vapid_public_key));
      setPushOn(true);
    } catch {
      setNote(copy.pushFailed);
    }
  }, [answer, api, requestPermission, subscribe, support.push]);

  if (status === 'loading') return <p>{copy.loading}</p>;
  if (status === 'failed' || answer === null) return <p>{copy.failed}</p>;

  return (
    <div data-testid="notify-settings">
      <Section aria-label={copy.kindsLabel}>
        <h2>{copy.kindsLabel}</h2>
        <ul>
          {SWITCHES.map((name) => (
            <li key={name} data-testid={`notify-switch-${name}`}>
              <Switch label={copy.kinds[name]} checked={answer.settings[name]} onChange={(value) => toggle(name, value)} />
            </li>
          ))}
        </ul>
        <p>{copy.kindsNote}</p>
        {note !== null && (
          <p role="status" data-testid="notify-note">
            {note}
          </p>
        )}
      </Section>
      <Section aria-label={copy.browserTitle} data-testid="notify-browser">
        <h2>{copy.browserTitle}</h2>
        {permission === 'unsupported' && <p>{copy.noNotifications}</p>}
        {permission === 'default' && (
          <Button size="small" onClick={() => void enable()} data-testid="notify-enable">
            {copy.enable}
          </Button>
        )}
        {permission === 'granted' && <p>{copy.enabled}</p>}
        {permission === 'denied' && <p>{copy.denied}</p>}
        {permission !== 'unsupported' && !support.push && <p data-testid="notify-no-push">{copy.noPush}</p>}
        {support.push && (pushOn || answer.push_subscriptions > 0) && permission === 'granted' && <p data-testid="notify-push-on">{copy.pushOn}</p>}
        {permission === 'granted' && support.push && !pushOn && answer.push_subscriptions === 0 && (
          <Button size="small" variant="secondary" onClick={() => void enable()} data-testid="notify-enable-push">
            {copy.enable}
          </Button>
        )}
      </Section>
    </div>
  );
}
