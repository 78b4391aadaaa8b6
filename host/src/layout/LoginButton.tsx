import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { SecondaryHeaderButton } from './headerButtons';

/** Shown to visitors: opens the login modal (rendered by the host's auth feature). */
export function LoginButton() {
  const { eventBus } = useHostServices();
  return (
    <SecondaryHeaderButton onClick={() => eventBus.emit('login:open', { mode: 'code' })}>
      {hostMessages.nav.login}
    </SecondaryHeaderButton>
  );
}
