import styled from 'styled-components';
import { sharedMessages, type ToastEvent } from '@sports/shared';
import { loginModalOpenAtom } from '../account/loginModalOpen';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { useBusEvent } from './useBusEvent';
import { useToastQueue } from './useToastQueue';

const Stack = styled.section`
  position: fixed;
  top: 16px;
  left: 50%;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  width: max-content;
  max-width: calc(100vw - 32px);
  transform: translateX(-50%);
  pointer-events: none;
`;

/* Dark text on white with a coloured edge: the theme's warning and success colours are under
   4.5:1 behind white text, so the colour only marks the kind. */
const Toast = styled.div`
  padding: 10px 16px;
  border-left: 4px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
  box-shadow: 0 6px 20px rgba(0, 0, 0, 0.18);
  overflow-wrap: anywhere;

  &[data-kind='error'] {
    border-left-color: ${({ theme }) => theme.colors.danger};
  }
  &[data-kind='warning'] {
    border-left-color: ${({ theme }) => theme.colors.warning};
  }
  &[data-kind='success'] {
    border-left-color: ${({ theme }) => theme.colors.success};
  }
`;

/**
 * Shows every 'toast' event of the bus, stacked at the top centre, each for its duration, except
 * 请登录后操作 while the login modal is open: the visitor is already being asked to log in (a
 * members' route asks on arrival, and its page may ask again when its code arrives).
 */
export function ToastHost() {
  const { store } = useHostServices();
  const { toasts, push } = useToastQueue();
  useBusEvent('toast', (event: ToastEvent) => {
    if (event.message === sharedMessages.loginRequired && store.get(loginModalOpenAtom)) return;
    push(event);
  });

  return (
    <Stack aria-label={hostMessages.toast.regionLabel}>
      {toasts.map((toast) => (
        <Toast key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast" data-kind={toast.kind}>
          {toast.message}
        </Toast>
      ))}
    </Stack>
  );
}
