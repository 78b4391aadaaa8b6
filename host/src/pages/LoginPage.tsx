import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Redirect } from 'wouter';
import { userInfoAtom } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { HomePage } from './HomePage';

/**
 * #/login is the home page with the login modal open over it. A member (already logged in, or
 * just logged in through that modal) has nothing to do here: the address becomes #/main.
 */
export function LoginPage() {
  const { eventBus } = useHostServices();
  const loggedIn = useAtomValue(userInfoAtom) !== null;
  useEffect(() => {
    if (!loggedIn) eventBus.emit('login:open', { mode: 'code' });
  }, [eventBus, loggedIn]);
  if (loggedIn) return <Redirect to="/main" replace />;
  return <HomePage />;
}
