/** Runs `task` when the browser has nothing else to do (at the latest after `timeoutMs`). */
export function whenIdle(task: () => void, timeoutMs = 2000, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: timeoutMs });
  else win.setTimeout(task, 200);
}

/**
 * Runs `task` once the page has loaded (its load event: the scripts and images the first screen
 * asked for are in) and the browser is then idle. For requests nobody waits for (a release's
 * 'loaded' report, the ./routes a click may need later): on a phone's connection they no longer
 * share the line with what the first screen shows (issue 17: Lighthouse counted each one
 * before the home page's largest paint).
 */
export function whenPageIdle(task: () => void, win: Window = window): void {
  if (win.document.readyState === 'complete') whenIdle(task, 2000, win);
  else win.addEventListener('load', () => whenIdle(task, 2000, win), { once: true });
}
