import { useEffect, useLayoutEffect, useRef } from 'react';
import type { PlatformEvents } from '@sports/shared';
import { useHostServices } from '../app/hostServices';

/** Calls `handler` for every `type` event on the page's event bus while the component is mounted. */
export function useBusEvent<Type extends keyof PlatformEvents>(type: Type, handler: (event: PlatformEvents[Type]) => void): void {
  const { eventBus } = useHostServices();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  // A layout effect: the subscription exists before any passive effect of the same render runs,
  // so an event emitted by a page's useEffect on first render (#/login's 'login:open') is heard
  // even by a listener mounted after that page in the tree.
  useLayoutEffect(() => {
    const listener = (event: PlatformEvents[Type]) => handlerRef.current(event);
    eventBus.on(type, listener);
    return () => eventBus.off(type, listener);
  }, [eventBus, type]);
}
