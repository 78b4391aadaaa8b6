import { useEffect, useRef } from 'react';
import type { PlatformEvents } from '@sports/shared';
import { useHostServices } from '../app/hostServices';

/** Calls `handler` for every `type` event on the page's event bus while the component is mounted. */
export function useBusEvent<Type extends keyof PlatformEvents>(type: Type, handler: (event: PlatformEvents[Type]) => void): void {
  const { eventBus } = useHostServices();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    const listener = (event: PlatformEvents[Type]) => handlerRef.current(event);
    eventBus.on(type, listener);
    return () => eventBus.off(type, listener);
  }, [eventBus, type]);
}
