import type { ApiEnvelope } from '@sports/shared/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from './businessError';
import { databaseInputError } from './databaseErrors';
import { fail } from './envelope';
import { errors } from './errorCatalogue';
import { type SchemaError, validationMessage } from './validationMessages';

interface ErrorAnswer {
  status: number;
  envelope: ApiEnvelope<null>;
  /** What the log line says about a client's mistake (never a stack: the client is not our fault). */
  logDetail?: Record<string, unknown>;
}

/**
 * Every failure becomes an envelope: the client's interceptor only understands envelopes, and
 * nothing internal (SQL, stack, library text) ever reaches a user.
 */
export function toErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof BusinessError) {
    return { status: error.httpStatus, envelope: fail(error.code, error.message, error.reason) };
  }
  const fromDatabase = databaseInputError(error);
  if (fromDatabase !== undefined) {
    // A schema let through what the column cannot take: warn, so the schema gets fixed.
    return { ...answerOf(fromDatabase.error), logDetail: { sqlState: fromDatabase.sqlState, dbMessage: (error as Error).message } };
  }
  const fastifyError = asFastifyError(error);
  if (fastifyError?.validation !== undefined) {
    return answerOf(errors.VALIDATION(validationMessage(fastifyError.validation as readonly SchemaError[])));
  }
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answerOf(errors.BAD_REQUEST_FORMAT());
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answerOf(errors.BODY_TOO_LARGE());
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answerOf(errors.UNSUPPORTED_MEDIA_TYPE());
    case 'FST_ERR_BAD_URL':
      return answerOf(errors.BAD_URL());
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return answerOf(errors.URL_TOO_LONG());
  }
  const status = fastifyError?.statusCode;
  // Other client errors Fastify detected (bad Content-Length, bad URL): keep the status, not the text.
  if (status !== undefined && status >= 400 && status < 500) {
    return { ...answerOf(errors.BAD_REQUEST()), status };
  }
  return answerOf(errors.SERVER_BUSY());
}

/** Installs the one error handler and the one not-found handler of the app. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(answerError);

  app.setNotFoundHandler((_request, reply) => sendError(reply, errors.NOT_FOUND()));
}

/**
 * Answers an error and logs it: our faults at error with the stack; a client's mistakes at info
 * (or warn when the database, not a schema, caught the input) with what was wrong, never a stack.
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = toErrorAnswer(error);
  if (answer.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    const level = answer.logDetail !== undefined ? 'warn' : 'info';
    // `answer`, not `msg`: pino writes its own `msg` (the line's text) and a reader keeps only the last of two.
    request.log[level]({ status: answer.status, code: answer.envelope.code, reason: answer.envelope.reason, answer: answer.envelope.msg, ...answer.logDetail }, 'request rejected');
  }
  return sendEnvelope(reply, answer.status, answer.envelope);
}

/**
 * Fastify's `frameworkErrors` (app.ts): a URL it cannot decode or a path parameter over its
 * length limit, found before any route runs. Its default answers its own JSON, not our envelope.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  answerError(error, request, reply);
}

/**
 * Sent as a ready string: a route's response schema describes its success data, and must not be
 * applied to (and mangle) an error envelope whose data is null.
 */
export function sendEnvelope(reply: FastifyReply, status: number, envelope: ApiEnvelope<unknown>): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

/** Status and envelope of a catalogue error. */
function answerOf(error: BusinessError): ErrorAnswer {
  return { status: error.httpStatus, envelope: fail(error.code, error.message, error.reason) };
}

/** Answers a catalogue error outside the error handler (a route that replies instead of throwing). */
export function sendError(reply: FastifyReply, error: BusinessError): FastifyReply {
  const answer = answerOf(error);
  return sendEnvelope(reply, answer.status, answer.envelope);
}

function asFastifyError(error: unknown): Partial<FastifyError> | undefined {
  return typeof error === 'object' && error !== null ? (error as Partial<FastifyError>) : undefined;
}
