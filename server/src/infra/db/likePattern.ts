/**
 * A LIKE pattern matching `text` anywhere, with the user's %, _ and \ taken literally
 * (use with `ESCAPE '\'`). The pattern is still sent as a bound parameter, never spliced into SQL.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
