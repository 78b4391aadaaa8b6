import { loadAccountForm } from '../account/LoginModal';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { SecondaryHeaderButton } from './headerButtons';

/** The form's chunk, fetched when the visitor shows they are about to log in. */
const preloadForm = () => void loadAccountForm().catch(() => undefined);

/**
 * Shown to visitors: opens the login modal (rendered by the host's auth feature). Pointing at it,
 * focusing or touching it fetches the modal's form, so a click finds it loaded.
 */
export function LoginButton() {
  const { eventBus } = useHostServices();
  return (
    <SecondaryHeaderButton
      onPointerEnter={preloadForm}
      onFocus={preloadForm}
      onTouchStart={preloadForm}
      onClick={() => eventBus.emit('login:open', { mode: 'code' })}
    >
      {hostMessages.nav.login}
    </SecondaryHeaderButton>
  );
}
