import { expect, type APIRequestContext, type Locator, type Page, type WebSocket } from '@playwright/test';
import { demoFootballRoomInPlay } from './demoAnchors';

/**
 * The set-up of the fan-alert journeys (issue 39; matchAlerts.spec.ts on /web,
 * matchAlertsH5.spec.ts on a phone's /h5): follow what the demo feed is playing, so that a goal
 * of something followed comes within the feed's time, and find that goal's popup.
 */

export const XHR = { 'x-requested-with': 'XMLHttpRequest' };
/** Live-data goals only of favourite matches (value3): a popup of a match not favourited can only be the fan's alert. */
export const FAVOURITES_ONLY = JSON.stringify({ value1: true, value2: true, value3: true, value4: true });

export async function postAs(request: APIRequestContext, url: string, data: object): Promise<{ code: number; msg: string; data: unknown }> {
  const answer = (await (await request.post(url, { headers: XHR, data })).json()) as { code: number; msg: string; data: unknown };
  expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
  return answer;
}

interface LiveListRoom {
  match: { match_id: number; status: string } | null;
}

/** The football matches in play that demo rooms show (the demo feed plays them at 60x). */
async function footballMatchesInPlay(request: APIRequestContext): Promise<number[]> {
  const body = (await (await request.get('/api/Live_streaming/getLiveList?type=1&page=1&page_size=50')).json()) as { data: { list: LiveListRoom[] } };
  return [...new Set(body.data.list.flatMap((room) => (room.match && room.match.status === 'live' ? [room.match.match_id] : [])))];
}

export async function matchOf(request: APIRequestContext, matchId: number): Promise<{ teams: number[]; league: number }> {
  const detail = (await (await request.get(`/api/scores/match?match_id=${matchId}`)).json()) as { data: { match: { home_team_id: number; away_team_id: number; competition_id: number } } };
  return { teams: [detail.data.match.home_team_id, detail.data.match.away_team_id], league: detail.data.match.competition_id };
}

export interface Followed {
  teams: Set<number>;
  leagues: Set<number>;
  /** Whether a match is of a followed team or league. */
  includes(request: APIRequestContext, matchId: number): Promise<boolean>;
  /** Follows the teams and leagues of the matches in play now too (those followed before may have ended), as `request`'s member. */
  followMore(request: APIRequestContext): Promise<void>;
}

/**
 * The fan (signed in as `request`'s context) follows both teams of every football match in play
 * that a demo room shows, and its league: a match may end 0-0 and a room's few matches may be
 * near their end; the leagues' other matches make a goal of something followed likely within the
 * feed's minute a second, and `followMore` (firstAlertGoal calls it between its rounds) follows
 * the matches in play then when none came (issue 39: once, 3 minutes brought only a full time).
 */
export async function followEveryMatchInPlay(request: APIRequestContext): Promise<Followed> {
  await demoFootballRoomInPlay(request);
  const teams = new Set<number>();
  const leagues = new Set<number>();
  const followMore = async (as: APIRequestContext) => {
    const matchIds = await footballMatchesInPlay(as);
    for (const matchId of matchIds) {
      const { teams: both, league } = await matchOf(as, matchId);
      for (const team of both.filter((id) => !teams.has(id))) {
        await postAs(as, '/api/Follow/team', { id: team, follow: true });
        teams.add(team);
      }
      if (!leagues.has(league)) {
        await postAs(as, '/api/Follow/league', { id: league, follow: true });
        leagues.add(league);
      }
    }
  };
  await followMore(request);
  expect(teams.size).toBeGreaterThan(0);
  return {
    teams,
    leagues,
    includes: async (req, matchId) => {
      const scored = await matchOf(req, matchId);
      return scored.teams.some((team) => teams.has(team)) || leagues.has(scored.league);
    },
    followMore,
  };
}

/** A fan alert's goal popup: its seq is -(10^12 + the alert's id) (host/src/goals/README.md), never a live-data goal's. */
export function alertGoalPopup(page: Page): Locator {
  return page.locator('[data-testid="goal-popup"][data-seq^="-1000000"]').filter({ has: page.getByText('进球！') });
}

/** How long firstAlertGoal waits before it follows the matches in play then too, and how many rounds. */
const GOAL_ROUND_MS = 60_000;
const GOAL_ROUNDS = 3;

/**
 * Waits for the first alert goal (up to the demo feed's 180 s, in rounds of a minute: after a
 * round with none, `followed.followMore(request)` follows what is in play by then) and answers its match.
 */
export async function firstAlertGoal(page: Page, followed: Followed, request: APIRequestContext): Promise<{ popup: Locator; matchId: number }> {
  const popup = alertGoalPopup(page).first();
  for (let round = 1; ; round += 1) {
    try {
      await expect(popup, 'a goal of a followed team within the demo feed\'s time').toBeVisible({ timeout: GOAL_ROUND_MS });
      break;
    } catch (error) {
      if (round === GOAL_ROUNDS) throw error;
      await followed.followMore(request);
    }
  }
  return { popup, matchId: Number(await popup.getAttribute('data-match-id')) };
}

/** The 赛事 message of a goal in `matchId` on an open 赛事 tab of the message centre. */
export function goalMessage(page: Page, matchId: number): Locator {
  return page.getByTestId('message-item').filter({ has: page.locator(`a[href="#/score-detail?id=${matchId}"]`) }).filter({ hasText: '进球！' }).first();
}

/**
 * Waits until the 赛事 tab (opened by `openMatchTab`, again after each reload) shows the goal's
 * message. The badge counts it when the alert arrives; the fan-out job writes the row seconds
 * later, and an open list is not told (server/src/alerts/README.md, "The alert is the badge's push").
 */
export async function expectGoalMessage(page: Page, matchId: number, openMatchTab: () => Promise<void>): Promise<void> {
  await openMatchTab();
  await expect
    .poll(
      async () => {
        if ((await goalMessage(page, matchId).count()) > 0) return true;
        await page.reload();
        await openMatchTab();
        return (await goalMessage(page, matchId).count()) > 0;
      },
      { message: 'the goal\'s 赛事 message (the fan-out job writes it after the alert)', timeout: 30_000, intervals: [2_000] },
    )
    .toBe(true);
  await expect(goalMessage(page, matchId)).toHaveAttribute('data-kind', 'goal');
}

/**
 * Resolves once `page`'s own connection can hear alerts: its chat socket's login answered ok, or
 * (Tencent IM pages) its alert socket open. Call it before the navigation that opens the
 * connection. An alert is sent to the pages connected when it happens (an anchor going live is
 * one moment), so a journey that makes the event waits for this first: on a busy machine the
 * page's login can come seconds after an RTMP push starts.
 */
export function pageListening(page: Page, timeout = 30_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`the page's chat or alert socket did not log in within ${timeout} ms`));
    }, timeout);
    const done = () => {
      clearTimeout(timer);
      page.off('websocket', onSocket);
      resolve();
    };
    function onSocket(socket: WebSocket): void {
      const path = new URL(socket.url()).pathname;
      if (/\/ws\/alerts$/.test(path)) return done();
      if (!/\/ws\/chat$/.test(path)) return;
      socket.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"type":"login-result"') && text.includes('"ok":true')) done();
      });
    }
    page.on('websocket', onSocket);
  });
}

/**
 * What a fan's page saw of its alert path (issue 39's flaky first tries): its chat and alert
 * sockets opened and closed, their login answers and alert notices, and its console warnings.
 * `report()` is printed when the journey fails, to tell a page that never logged in from one
 * that was never sent the alert.
 */
function watchAlertPath(page: Page): { report: () => string } {
  const lines: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('websocket', (socket) => {
    const url = new URL(socket.url()).pathname;
    if (!/\/ws\/(chat|alerts)/.test(url)) return;
    lines.push(`${at()} ${url} opened`);
    socket.on('framesent', (frame) => {
      const text = String(frame.payload);
      if (/"type":"(login|join)"/.test(text)) lines.push(`${at()} ${url} sent ${text.replace(/"userSig":"[^"]*"/, '"userSig":"…"').slice(0, 160)}`);
    });
    socket.on('framereceived', (frame) => {
      const text = String(frame.payload);
      if (/login-result|"alert"|join-status/.test(text)) lines.push(`${at()} ${url} got ${text.slice(0, 200)}`);
    });
    socket.on('socketerror', (error) => lines.push(`${at()} ${url} error ${error}`));
    socket.on('close', () => lines.push(`${at()} ${url} closed`));
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') lines.push(`${at()} console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('load', () => lines.push(`${at()} load ${page.url()}`));
  return { report: () => lines.join('\n') };
}

/** Runs `journey` watching the page's alert path; when it fails, prints what the page saw (watchAlertPath). */
export async function reportingAlertPath<T>(page: Page, journey: () => Promise<T>): Promise<T> {
  const watched = watchAlertPath(page);
  try {
    return await journey();
  } catch (error) {
    console.log(`[the fan's alert path]\n${watched.report()}`);
    throw error;
  }
}
