import { randomInt } from 'node:crypto';
import type { AvatarChoice } from '@sports/shared/server';

/** The preset avatars: small SVG files in server/static/avatars/, served at /static/avatars/. */
export const AVATAR_URL_PREFIX = '/static/avatars/';
export const PRESET_AVATAR_COUNT = 8;

export const PRESET_AVATARS: readonly AvatarChoice[] = Array.from({ length: PRESET_AVATAR_COUNT }, (_, index) => ({
  id: index + 1,
  url: `${AVATAR_URL_PREFIX}avatar-${index + 1}.svg`,
}));

const PRESET_URLS = new Set(PRESET_AVATARS.map((avatar) => avatar.url));

export function isPresetAvatar(url: string): boolean {
  return PRESET_URLS.has(url);
}

/** A new user's avatar: one of the presets, at random. */
export function randomPresetAvatar(): string {
  return PRESET_AVATARS[randomInt(PRESET_AVATARS.length)]?.url ?? `${AVATAR_URL_PREFIX}avatar-1.svg`;
}
