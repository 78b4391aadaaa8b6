import type { ChatClient, SystemConfig } from '@sports/shared';
// The chat clients are a subpath (issue 16): only the live room loads them, never a first visit.
import { createChatClient as createConfiguredChatClient } from '@sports/shared/chat';
import { browserEngines, type EngineSet } from './player/engines';
import type { PlaybackCapabilities } from './player/playbackPlan';

/** Guest nickname prefix until the system config has loaded (the harness, a slow start). */
export const DEFAULT_GUEST_NICKNAME_PREFIX = '游客';

/**
 * The chat client the system config's im.provider asks for (@sports/shared: built-in chat, or
 * Tencent IM with tim-js-sdk loaded at its first login); the built-in one until the config loads.
 */
export function createChatClient(config: SystemConfig | null): ChatClient {
  return createConfiguredChatClient(config?.im ?? { provider: 'builtin', guestNicknamePrefix: DEFAULT_GUEST_NICKNAME_PREFIX });
}

export interface RoomDependencies {
  createChatClient: (config: SystemConfig | null) => ChatClient;
  engines: EngineSet;
  /** undefined: probe the browser. */
  capabilities: PlaybackCapabilities | undefined;
}

/**
 * What the live room reaches outside the page for: the chat service and the video engines.
 * Unit tests swap them for FakeChatClient and fake engines (jsdom has no WebSocket server or
 * MediaSource); the page always uses these defaults.
 */
export const roomDependencies: RoomDependencies = { createChatClient, engines: browserEngines, capabilities: undefined };

/** For tests: replace some dependencies; returns the function that puts the defaults back. */
export function overrideRoomDependencies(overrides: Partial<RoomDependencies>): () => void {
  const saved = { ...roomDependencies };
  Object.assign(roomDependencies, overrides);
  return () => void Object.assign(roomDependencies, saved);
}
