import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { isApiEnvelope, type ApiEnvelope } from './envelope';
import { createEnvelopeHandler, type InterceptorDeps } from './envelopeInterceptor';
import { REQUEST_TIMEOUT_MS } from './limits';

export interface ApiClientOptions extends InterceptorDeps {
  /** Base address of the API: '/' in the page, the server's origin elsewhere. */
  baseURL: string;
  /**
   * Where a non-browser client keeps its token. In the page the token is an HttpOnly cookie the
   * browser sends by itself, so this is left out there.
   */
  getToken?: () => string | null | undefined;
}

export interface ApiClient {
  get<T>(path: string, params?: Record<string, unknown>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The whole envelope, for the rare caller that needs `msg` on success. */
  request<T>(config: AxiosRequestConfig): Promise<ApiEnvelope<T>>;
  readonly http: AxiosInstance;
}

/**
 * The one HTTP client of the page (DESIGN.md section 3): base address, 20 s timeout, the token
 * on each request, and the SPEC.md section 8 error catalogue applied to every answer.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = axios.create({
    baseURL: options.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { handleEnvelope, handleFailure } = createEnvelopeHandler(options);

  http.interceptors.request.use((config) => {
    const token = options.getToken?.();
    if (token) config.headers.set('token', token);
    return config;
  });

  async function request<T>(config: AxiosRequestConfig): Promise<ApiEnvelope<T>> {
    let body: unknown;
    try {
      body = (await http.request(config)).data;
    } catch (error) {
      const answered = axios.isAxiosError(error) ? error.response?.data : undefined;
      return handleFailure(answered);
    }
    if (!isApiEnvelope(body)) return handleFailure(body);
    return handleEnvelope(body as ApiEnvelope<T>);
  }

  return {
    http,
    request,
    get: async <T>(path: string, params?: Record<string, unknown>) => (await request<T>({ method: 'GET', url: path, params })).data,
    post: async <T>(path: string, body?: unknown) => (await request<T>({ method: 'POST', url: path, data: body })).data,
  };
}
