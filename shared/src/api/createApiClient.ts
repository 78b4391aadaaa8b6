import { ApiError } from './apiError';
import { isApiEnvelope, type ApiEnvelope } from './envelope';
import { createEnvelopeHandler, type InterceptorDeps } from './envelopeInterceptor';
import { earlyAnswerWithin, takeFirstScreenAnswer } from './firstScreenData';
import { REQUEST_TIMEOUT_MS } from './limits';
import { nextTask } from '../tasks/nextTask';
import { requestUrlOf, type QueryParams } from './requestUrl';

export interface ApiClientOptions extends InterceptorDeps {
  /** Base address of the API: '/' in the page, the server's origin elsewhere. */
  baseURL: string;
  /**
   * Where a non-browser client keeps its token. In the page the token is an HttpOnly cookie the
   * browser sends by itself, so this is left out there.
   */
  getToken?: () => string | null | undefined;
}

/** One call: a path under the base address (or an absolute address), its query, its body, extra headers. */
export interface ApiRequest {
  method: 'GET' | 'POST';
  url: string;
  params?: QueryParams;
  /** A plain value is sent as JSON; FormData, a Blob or URLSearchParams as they are. */
  data?: unknown;
  headers?: Record<string, string>;
}

export interface ApiClient {
  get<T>(path: string, params?: QueryParams): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The whole envelope, for the rare caller that needs `msg` on success. */
  request<T>(config: ApiRequest): Promise<ApiEnvelope<T>>;
  /**
   * The envelope as answered, whatever its code, with none of SPEC.md section 8 applied (no
   * toast, no dialog): for a call whose failure code is a normal answer to its caller. Rejects
   * with a network ApiError when there is no envelope (no answer, not JSON, an HTTP error).
   */
  envelope<T>(config: ApiRequest): Promise<ApiEnvelope<T>>;
  /**
   * `navigator.sendBeacon` of a JSON body to a path under the base address: a POST the browser
   * still delivers after the tab closes, with the cookie but without X-Requested-With, so only a
   * route that takes a beacon token accepts it (the watch heartbeat; server/src/accounts/csrf.ts).
   * False when the browser has no beacon or would not queue it: send it as a normal call then.
   */
  beacon?(path: string, body: unknown): boolean;
}

/** What came back for one call: the HTTP status and the parsed body (undefined when there was none or it was not JSON). */
interface Answer {
  ok: boolean;
  body: unknown;
}

/**
 * The one HTTP client of the page (DESIGN.md section 3): base address, 20 s timeout, cookies
 * sent, the token on each request, and the SPEC.md section 8 error catalogue applied to every
 * answer. On the browser's fetch, not axios: axios cost a phone 15 KiB of the first visit and,
 * at Lighthouse's 4x CPU, about 170 ms of the main thread in a room's first 3.5 s (its config
 * merge, header normalising and XSRF cookie read on each of the room's dozen first calls; issue
 * 17, e2e/bench/README.md), for nothing the site used beyond what fetch does.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { handleEnvelope, handleFailure } = createEnvelopeHandler(options);

  async function send(config: ApiRequest): Promise<Answer | null> {
    const url = requestUrlOf(options.baseURL, config.url, config.params);
    // The first screen's data, asked for by the page's first script before any JavaScript arrived
    // (firstScreenData.ts): taken once, and asked again here when that call got no answer in time.
    const early = config.headers === undefined ? takeFirstScreenAnswer(config.method, url, config.data) : null;
    if (early) {
      const answer = await earlyAnswerWithin(early, REQUEST_TIMEOUT_MS);
      if (answer) return { ok: answer.ok, body: parsedJson(answer.text) };
    }
    // Each call in a task of its own (tasks/nextTask.ts): a page's first requests are asked for
    // together inside React's effects, and each fetch() is milliseconds of the browser's own time.
    // Not while the page is being hidden: a tab closing may run no further task, and the last
    // call (the room's final watch beat) must leave now.
    if (!pageIsHidden()) await nextTask();
    const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', ...config.headers });
    const token = options.getToken?.();
    if (token) headers.set('token', token);
    const body = bodyOf(config.data, headers);
    // An AbortController and a timer, not AbortSignal.timeout: that one is missing on older iPhones.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: config.method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
      const text = await response.text();
      return { ok: response.ok, body: parsedJson(text) };
    } catch {
      // No answer: the network, CORS, or the timeout.
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(config: ApiRequest): Promise<ApiEnvelope<T>> {
    const answer = await send(config);
    if (answer === null) return handleFailure(undefined);
    if (!answer.ok || !isApiEnvelope(answer.body)) return handleFailure(answer.body);
    return handleEnvelope(answer.body as ApiEnvelope<T>);
  }

  return {
    request,
    get: async <T>(path: string, params?: QueryParams) => (await request<T>({ method: 'GET', url: path, params })).data,
    post: async <T>(path: string, body?: unknown) => (await request<T>({ method: 'POST', url: path, data: body })).data,
    envelope: async <T>(config: ApiRequest) => {
      const answer = await send(config);
      if (answer === null || !answer.ok || !isApiEnvelope(answer.body)) throw new ApiError(null, '');
      return answer.body as ApiEnvelope<T>;
    },
    beacon: (path: string, body: unknown) => {
      const browser = (globalThis as { navigator?: { sendBeacon?: (url: string, data: Blob) => boolean } }).navigator;
      if (typeof browser?.sendBeacon !== 'function') return false;
      try {
        // A JSON Blob: same-origin, so no preflight; the server's body parser reads it as JSON.
        return browser.sendBeacon(requestUrlOf(options.baseURL, path), new Blob([JSON.stringify(body)], { type: 'application/json' }));
      } catch {
        return false;
      }
    },
  };
}

function pageIsHidden(): boolean {
  return (globalThis as { document?: { visibilityState?: string } }).document?.visibilityState === 'hidden';
}

/** The request body, and its Content-Type where fetch does not set one (a plain value as JSON). */
function bodyOf(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams || typeof data === 'string') return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

function parsedJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
