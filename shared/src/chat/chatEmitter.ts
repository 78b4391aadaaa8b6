import type { ChatClientEvents } from './chatClient';

type Listeners = { [E in keyof ChatClientEvents]: Set<ChatClientEvents[E]> };

/**
 * The listeners of one ChatClient. A throwing listener is reported to the console and does not
 * stop the others: one broken subscriber must not silence the chat for the rest of the page.
 */
export class ChatEmitter {
  private readonly listeners: Listeners = { groupMessage: new Set(), systemNotice: new Set(), horn: new Set(), connectionChange: new Set() };

  on<E extends keyof ChatClientEvents>(event: E, listener: ChatClientEvents[E]): () => void {
    const set = this.listeners[event] as Set<ChatClientEvents[E]>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof ChatClientEvents>(event: E, ...args: Parameters<ChatClientEvents[E]>): void {
    for (const listener of [...this.listeners[event]] as ((...a: Parameters<ChatClientEvents[E]>) => void)[]) {
      try {
        listener(...args);
      } catch (error) {
        console.error(`chat ${event} listener failed`, error);
      }
    }
  }

  clear(): void {
    for (const set of Object.values(this.listeners)) set.clear();
  }
}
