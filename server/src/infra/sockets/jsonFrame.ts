/** Why an incoming frame could not be read as JSON (each socket words its own error message). */
export type JsonFrameProblem = 'binary' | 'too-large' | 'not-json';

export type JsonFrame = { ok: true; value: unknown } | { ok: false; problem: JsonFrameProblem };

/**
 * Reads one client frame as JSON: text only, at most `maxBytes`, parsed. What the value must look
 * like is the socket's protocol (its TypeBox schema), checked by the caller.
 */
export function readJsonFrame(data: Buffer, isBinary: boolean, maxBytes: number): JsonFrame {
  if (isBinary) return { ok: false, problem: 'binary' };
  if (data.byteLength > maxBytes) return { ok: false, problem: 'too-large' };
  try {
    return { ok: true, value: JSON.parse(data.toString('utf8')) as unknown };
  } catch {
    return { ok: false, problem: 'not-json' };
  }
}
