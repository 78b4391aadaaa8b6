/**
 * The dev override banner (`pnpm dev:remote`, DevOverrideBanner.tsx). Here, in the banner's
 * chunk, not in messages.ts: only a page under a dev override loads it.
 */
export const devOverrideCopy = {
  using: (folder: string, origin: string) => `主机/远程 dev override：正在使用本地 ${folder}（${origin}），其余为线上发布`,
  exit: '退出',
} as const;
