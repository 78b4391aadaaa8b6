import { theme } from '@sports/shared/server';
import { type AppIconPurpose, drawAppIcon } from './appIcon';

/** One icon file of the mobile site, served at /h5/icons/<file>. */
export interface AppIconFile {
  file: string;
  size: number;
  purpose: AppIconPurpose;
}

/** The icons the manifest lists (192 and 512, plain and maskable) and iOS's apple-touch-icon (180, full bleed: iOS rounds it). */
export const APP_ICON_FILES: readonly AppIconFile[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, purpose: 'maskable' },
];

export const APP_ICONS_PATH = '/h5/icons/';

/**
 * The icons as PNG bytes, each drawn on its first request (a few hundred ms for the 512 px ones,
 * kept for the process's life): no image tool at build time, no binary in the repository, and
 * the colours are always the theme's.
 */
export class AppIcons {
  private readonly drawn = new Map<string, Buffer>();

  png(file: string): Buffer | null {
    const icon = APP_ICON_FILES.find((candidate) => candidate.file === file);
    if (!icon) return null;
    let png = this.drawn.get(file);
    if (!png) {
      png = drawAppIcon(icon.size, icon.purpose, { background: theme.colors.brand, mark: theme.colors.surface });
      this.drawn.set(file, png);
    }
    return png;
  }
}
