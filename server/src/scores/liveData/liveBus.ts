import type { LiveMessage } from './liveMessage';

/**
 * Carries broadcasts between server nodes (DESIGN.md section 5). The publishing node delivers to
 * its own clients directly and hands the message to the bus; every other node gets it from the
 * bus with the same seq and delivers it to its clients.
 */
export interface LiveBus {
  start(onMessage: (message: LiveMessage) => void): Promise<void>;
  publish(message: LiveMessage): void;
  close(): Promise<void>;
}

/** One node: nothing to carry. */
export const inProcessBus: LiveBus = {
  start: async () => undefined,
  publish: () => undefined,
  close: async () => undefined,
};
