import type {
  ApiClient,
  ForgotPasswordRequest,
  GetCodeRequest,
  LoginRequest,
  LoginResult,
  RegisterRequest,
  UserProfile,
} from '@sports/shared';

/** The account calls of SPEC.md section 7. */
export const ACCOUNT_PATHS = {
  getCode: 'api/user/getCode',
  register: 'api/user/registered',
  login: 'api/user/login',
  forgotPassword: 'api/user/forgotPassword',
  info: 'api/user/info',
} as const;

/** `getCode` answers when the next code may be asked for. */
export interface GetCodeAnswer {
  resendAfterSeconds?: number;
}

/**
 * Typed calls. Answers may lack data (null): callers treat that as SPEC.md section 8's
 * 'Verification failed'. Server errors were already shown by the API client.
 */
export const accountApi = {
  getCode: (api: ApiClient, body: GetCodeRequest) => api.post<GetCodeAnswer | null>(ACCOUNT_PATHS.getCode, body),
  login: (api: ApiClient, body: LoginRequest) => api.post<LoginResult | null>(ACCOUNT_PATHS.login, body),
  register: (api: ApiClient, body: RegisterRequest) => api.post<LoginResult | null>(ACCOUNT_PATHS.register, body),
  forgotPassword: (api: ApiClient, body: ForgotPasswordRequest) => api.post<unknown>(ACCOUNT_PATHS.forgotPassword, body),
  info: (api: ApiClient) => api.get<UserProfile | null>(ACCOUNT_PATHS.info),
};
