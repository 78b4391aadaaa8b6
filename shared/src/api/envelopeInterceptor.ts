import { ApiError } from './apiError';
import { isApiEnvelope, type ApiEnvelope } from './envelope';
import { ERROR_TOAST_DURATION_MS, LOGIN_REQUIRED_DEDUPE_MS } from './limits';
import { LOGOUT_CONFIRM_CODES, ResponseCode } from './responseCodes';
import type { PlatformEventBus } from '../events/eventBus';
import { sharedMessages } from '../messages/zhCN';
import { clearSavedSession, type SportsStore } from '../store/createSportsStore';

export interface InterceptorDeps {
  eventBus: PlatformEventBus;
  store: SportsStore;
  now?: () => number;
}

/**
 * SPEC.md section 8, row by row. Given what came back for one call, either returns the
 * envelope (success) or throws the ApiError the call rejects with, after emitting the events
 * the host renders (toast, confirm dialog, session cleared).
 */
export function createEnvelopeHandler({ eventBus, store, now = Date.now }: InterceptorDeps) {
  let lastLoginRequiredAt = Number.NEGATIVE_INFINITY;

  function onLoginRequired(): void {
    const at = now();
    const isRepeat = at - lastLoginRequiredAt < LOGIN_REQUIRED_DEDUPE_MS;
    lastLoginRequiredAt = at;
    if (isRepeat) return;
    clearSavedSession(store);
    eventBus.emit('session:cleared', { reason: 'loginRequired' });
    eventBus.emit('toast', { kind: 'error', message: sharedMessages.loginRequired, durationMs: ERROR_TOAST_DURATION_MS });
  }

  function handleEnvelope<T>(envelope: ApiEnvelope<T>): ApiEnvelope<T> {
    if (envelope.code === ResponseCode.Ok) return envelope;
    const message = envelope.msg || sharedMessages.defaultError;
    if (envelope.code === ResponseCode.LoginRequired) {
      onLoginRequired();
    } else if (LOGOUT_CONFIRM_CODES.has(envelope.code)) {
      eventBus.emit('session:logoutConfirm', { code: envelope.code });
    } else {
      eventBus.emit('toast', { kind: 'error', message, durationMs: ERROR_TOAST_DURATION_MS });
    }
    throw new ApiError(envelope.code, message, envelope.data, typeof envelope.reason === 'string' ? envelope.reason : null);
  }

  /** An answer that is not an envelope, or no answer: rejected without a message. */
  function handleFailure(body: unknown): never {
    if (isApiEnvelope(body)) {
      handleEnvelope(body);
    }
    throw new ApiError(null, '');
  }

  return { handleEnvelope, handleFailure };
}
