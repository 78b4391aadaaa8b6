/** A URL safe for logs: the password is replaced. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '<unparseable url>';
  }
}
