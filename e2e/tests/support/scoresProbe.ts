import type { Page } from '@playwright/test';

/** What the probe records in the page, all times from performance.now() (ms). */
export interface ScoresProbe {
  /** Goal frames as they arrived on a live-data socket, before the page handled them. */
  goalFrames: { seq: number; at: number; data: { match_id: number; iszhu: 0 | 1; match_str: string; home_team_name_zh: string; away_team_name_zh: string; home_score: number; away_score: number } }[];
  /** Goal popups: when each was added to the page, the next animation frame (painted), what it said. */
  popups: { seq: number; addedAt: number; paintedAt: number; side: string; minute: string; text: string }[];
  /** Whistle tones started (Web Audio oscillators above 1 kHz) and when. */
  toneStarts: number[];
  /** data-whistle of the goal region, each change. */
  whistleStates: { state: string; at: number }[];
}

declare global {
  interface Window {
    __scoresProbe: ScoresProbe;
  }
}

/**
 * Instruments the page before its scripts run, from the outside (the production build has no
 * test hooks): every /ws/live-data socket gets a first message listener that timestamps goal
 * frames; a MutationObserver timestamps goal popups and the whistle state; OscillatorNode.start
 * is wrapped to see the whistle's real Web Audio tone start.
 */
export async function installScoresProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: ScoresProbe = { goalFrames: [], popups: [], toneStarts: [], whistleStates: [] };
    window.__scoresProbe = probe;

    const NativeWebSocket = window.WebSocket;
    class ProbedWebSocket extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (!String(url).includes('/ws/live-data')) return;
        // Registered before the page sets onmessage, so it runs first: the arrival time.
        this.addEventListener('message', (event: MessageEvent) => {
          const at = performance.now();
          if (typeof event.data !== 'string' || !event.data.includes('"type":"goal"')) return;
          const frame = JSON.parse(event.data) as { code?: number; type?: string; seq: number; data: ScoresProbe['goalFrames'][number]['data'] };
          if (frame.code === 100 && frame.type === 'goal' && !probe.goalFrames.some((seen) => seen.seq === frame.seq)) {
            probe.goalFrames.push({ seq: frame.seq, at, data: frame.data });
          }
        });
      }
    }
    window.WebSocket = ProbedWebSocket;

    const nativeStart = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function start(this: OscillatorNode, when?: number) {
      if (this.frequency.value > 1_000) probe.toneStarts.push(performance.now());
      return nativeStart.call(this, when);
    };

    const observe = () => {
      new MutationObserver((records) => {
        const at = performance.now();
        for (const record of records) {
          if (record.type === 'attributes' && record.target instanceof HTMLElement && record.attributeName === 'data-whistle') {
            probe.whistleStates.push({ state: record.target.dataset.whistle ?? '', at });
          }
          for (const node of Array.from(record.addedNodes)) {
            if (!(node instanceof HTMLElement)) continue;
            const popups = node.matches('[data-testid="goal-popup"]') ? [node] : Array.from(node.querySelectorAll<HTMLElement>('[data-testid="goal-popup"]'));
            for (const popup of popups) {
              const entry = {
                seq: Number(popup.dataset.seq),
                addedAt: at,
                paintedAt: Number.NaN,
                side: popup.dataset.side ?? '',
                minute: popup.querySelector('[data-testid="goal-minute"]')?.textContent ?? '',
                text: popup.textContent ?? '',
              };
              probe.popups.push(entry);
              requestAnimationFrame(() => {
                entry.paintedAt = performance.now();
              });
            }
          }
        }
      }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-whistle'] });
    };
    if (document.documentElement) observe();
    else document.addEventListener('DOMContentLoaded', observe);
  });
}

export async function readProbe(page: Page): Promise<ScoresProbe> {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.__scoresProbe)) as ScoresProbe);
}

/** The saved gameSeting the page starts with (SPEC.md section 3 key). */
export async function startWithGameSetting(page: Page, setting: { red: boolean; yellow: boolean; voice: boolean }): Promise<void> {
  await page.addInitScript((saved) => {
    if (sessionStorage.getItem('scores-e2e-seeded') === null) {
      localStorage.setItem('gameSeting', JSON.stringify(saved));
      sessionStorage.setItem('scores-e2e-seeded', '1');
    }
  }, setting);
}

/** The board's scores now, by match id (each match row's data-match-id and its match-score text). */
export function boardScores(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId('match-row')
    .evaluateAll((elements) => Object.fromEntries(elements.map((row) => [row.getAttribute('data-match-id'), row.querySelector('[data-testid="match-score"]')?.textContent ?? ''])));
}
