import { ResponseCode, sharedMessages } from '@sports/shared/server';
import { entry } from './entry';

/** What the server refuses before or around any route: HTTP, the database's refusals, the session and the request's origin. One group of the one errors table (../errorCatalogue.ts). */
export const platformErrors = {
  // --- HTTP: what Fastify and the server itself refuse before or around any route. ---
  SERVER_BUSY: entry(sharedMessages.serverBusy, { status: 500 }),
  NOT_FOUND: entry(sharedMessages.notFound, { status: 404 }),
  /** A schema refused the input; the message names the field (validationMessages.ts). */
  VALIDATION: entry((detail: string) => detail, { status: 400 }),
  BAD_REQUEST_FORMAT: entry('请求格式错误', { status: 400 }),
  BODY_TOO_LARGE: entry('请求内容过大', { status: 413 }),
  UNSUPPORTED_MEDIA_TYPE: entry('不支持的请求内容类型', { status: 415 }),
  /** Other 4xx Fastify detected: the handler keeps Fastify's status. */
  BAD_REQUEST: entry('请求无效', { status: 400 }),
  BAD_URL: entry('请求地址无效', { status: 400 }),
  URL_TOO_LONG: entry('请求地址过长', { status: 414 }),
  WEBSOCKET_REQUIRED: entry('请使用 WebSocket 连接', { status: 426 }),
  // Written straight to the socket (plugins/rawAnswers.ts), before Fastify reads the request.
  REQUEST_TIMEOUT: entry('请求超时，请重试', { status: 408 }),
  TOO_MANY_CONNECTIONS: entry('连接过多，请稍后再试', { status: 429 }),
  HEADERS_TOO_LARGE: entry('请求头过大', { status: 431 }),

  // --- Database: input a schema let through but a column refused (http/databaseErrors.ts). ---
  /** Class 22 (data exception): a number out of range, text PostgreSQL cannot store or parse. */
  DB_INVALID_VALUE: entry('参数取值无效', { status: 400 }),
  /** 23503: a reference to a row that does not exist (or no longer does). */
  DB_MISSING_REFERENCE: entry('引用的数据不存在', { status: 400 }),
  /** 23505: the row already exists (usually two identical requests at once). */
  DB_DUPLICATE: entry('数据已存在，请勿重复提交', { status: 409 }),
  /** Other integrity violations (check, not-null, exclusion). */
  DB_REJECTED_VALUE: entry('参数不符合要求', { status: 400 }),

  // --- Session and request origin (plugins/auth.ts, plugins/csrf.ts): SPEC.md section 8's codes. ---
  LOGIN_REQUIRED: entry(sharedMessages.loginRequired, { code: ResponseCode.LoginRequired }),
  TOKEN_ILLEGAL: entry('登录信息无效，请重新登录', { code: ResponseCode.IllegalToken }),
  SESSION_REPLACED: entry('登录已失效，请重新登录', { code: ResponseCode.SessionReplaced }),
  SESSION_EXPIRED: entry('登录已过期，请重新登录', { code: ResponseCode.SessionExpired }),
  BAD_ORIGIN: entry('请求来源无效', { status: 403 }),
};
