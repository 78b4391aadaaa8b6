/** The ops token lives in this tab only: sessionStorage, never localStorage or a cookie. */
const KEY = 'mf_ops_token';

export function readOpsToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveOpsToken(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage disabled: the token lasts until the page is left, which is still safe.
  }
}

export function forgetOpsToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
