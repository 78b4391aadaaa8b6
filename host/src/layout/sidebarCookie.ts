/** Cookie keeping the left menu open ('1') or closed ('0') across visits (SPEC.md section 4). */
export const SIDEBAR_COOKIE = 'sidebarStatus';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Open unless the visitor closed it before: no cookie, or anything but '0', means open. */
export function readSidebarOpened(): boolean {
  return readCookie(SIDEBAR_COOKIE) !== '0';
}

export function writeSidebarOpened(opened: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${opened ? '1' : '0'}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
