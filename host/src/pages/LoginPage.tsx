import { useEffect } from 'react';
import { useHostServices } from '../app/hostServices';
import { HomePage } from './HomePage';

/** #/login is the home page with the login modal open over it. */
export function LoginPage() {
  const { eventBus } = useHostServices();
  useEffect(() => eventBus.emit('login:open', { mode: 'code' }), [eventBus]);
  return <HomePage />;
}
