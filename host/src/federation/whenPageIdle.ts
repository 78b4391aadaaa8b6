/** Runs `task` when the browser has nothing else to do (at the latest after `timeoutMs`). */
export function whenIdle(task: () => void, timeoutMs = 2000, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: timeoutMs });
  else win.setTimeout(task, 200);
}

/** The page has settled once no script, style, image or request has finished for this long. */
export const QUIET_MS = 1000;
/** A page that never settles (a poll, a stream of images) runs the task after this long anyway. */
export const SETTLE_LIMIT_MS = 10_000;

/**
 * Runs `task` once the page has loaded (its load event), its network has then been quiet for
 * QUIET_MS (no resource finished: the first screen's remote modules and data, which the load
 * event does not wait for, are in), and the browser is idle. For requests nobody waits for (a
 * release's 'loaded' report, the ./routes a click may need later): on a phone's connection they
 * no longer share the line with what the first screen shows (issue 17: Lighthouse counted each
 * one before the home page's largest paint; the load event alone came before the widgets'
 * chunks were asked for).
 */
export function whenPageIdle(task: () => void, win: Window = window): void {
  if (win.document.readyState === 'complete') whenNetworkQuiet(() => whenIdle(task, 2000, win), win);
  else win.addEventListener('load', () => whenNetworkQuiet(() => whenIdle(task, 2000, win), win), { once: true });
}

function whenNetworkQuiet(then: () => void, win: Window): void {
  const Observer = (win as Window & typeof globalThis).PerformanceObserver as typeof PerformanceObserver | undefined;
  if (typeof Observer !== 'function' || !Observer.supportedEntryTypes?.includes('resource')) {
    win.setTimeout(then, QUIET_MS);
    return;
  }
  let done = false;
  let quietTimer = 0;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    win.clearTimeout(quietTimer);
    win.clearTimeout(limitTimer);
    then();
  };
  const restartQuiet = () => {
    win.clearTimeout(quietTimer);
    quietTimer = win.setTimeout(finish, QUIET_MS);
  };
  const observer = new Observer(restartQuiet);
  observer.observe({ type: 'resource' });
  const limitTimer = win.setTimeout(finish, SETTLE_LIMIT_MS);
  restartQuiet();
}
