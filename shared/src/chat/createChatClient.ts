import type { SystemConfig } from '../schemas/systemConfig';
import { BuiltinChatClient, type ChatSocketFactory } from './builtinChatClient';
import type { ChatClient } from './chatClient';
import { TencentChatClient, type TimSdk } from './tencentChatClient';

/** The built-in chat's socket when the system config names none. */
export const DEFAULT_CHAT_SOCKET_PATH = '/ws/chat';

export interface CreateChatClientOptions {
  /** For the built-in chat: the WebSocket class (default the browser's; Node passes `ws`). */
  WebSocket?: ChatSocketFactory;
  /** For Tencent: the SDK loader (default: a dynamic import of tim-js-sdk). */
  loadTimSdk?: () => Promise<TimSdk>;
}

/**
 * The ChatClient the system config asks for (`im.provider`). The Tencent SDK is not loaded here:
 * only the first login of a TencentChatClient imports it, so a 'builtin' site never fetches it.
 */
export function createChatClient(im: SystemConfig['im'], options: CreateChatClientOptions = {}): ChatClient {
  if (im.provider === 'tencent') {
    if (im.sdkAppId === undefined) throw new Error('im.provider is tencent but im.sdkAppId is missing');
    return new TencentChatClient({ sdkAppId: im.sdkAppId, ...(options.loadTimSdk ? { loadSdk: options.loadTimSdk } : {}) });
  }
  return new BuiltinChatClient({ url: im.socketPath ?? DEFAULT_CHAT_SOCKET_PATH, ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}) });
}
