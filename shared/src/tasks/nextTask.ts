/**
 * Resolves at the start of a new task of the page's main thread, soon: `scheduler.yield()` where
 * the browser has it (Chromium, Firefox), else a message to itself (Safari, Node), which neither
 * waits for a timer's 4 ms clamp nor for fake timers in tests.
 *
 * For work that costs the browser itself a few milliseconds per call and is asked for in bulk
 * inside one task, such as each `fetch()` of a page's first requests (each 3-7 ms of Chromium's
 * own time on a slow core, all of them inside React's effects after a commit): awaited before
 * each, the calls leave that task and each runs in a short one of its own, so no task keeps a
 * phone's main thread blocked for all of them (issue 17: Lighthouse's blocking time).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Closed, so a Node process is not kept alive by the port.
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
