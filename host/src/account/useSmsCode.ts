import { useCallback, useState } from 'react';
import { useHostServices } from '../app/hostServices';
import { sendSmsCode } from './accountActions';
import { useCountdown } from '@sports/shared';

/** The SMS button's state: ready → sending → counting down (60 s) → ready. */
export function useSmsCode(purpose: 1 | 2) {
  const services = useHostServices();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = useCallback(
    async (mobile: string, captcha: string) => {
      setSending(true);
      try {
        start(await sendSmsCode(services, mobile, purpose, captcha));
      } catch {
        // The API client already showed the server's message; the button is ready again.
      } finally {
        setSending(false);
      }
    },
    [services, purpose, start],
  );

  return { remaining, sending, send };
}
