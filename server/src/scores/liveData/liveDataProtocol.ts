import { LIVE_STREAMS } from '@sports/shared/server';
import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { type JsonFrameProblem, readJsonFrame } from '../../infra/sockets/jsonFrame';

/**
 * Frames of the live-data socket (SPEC.md section 4). Clients send JSON text frames; the server
 * answers each understood frame and reports bad ones with `{ type: 'error', msg }`.
 */
export const MAX_FRAME_BYTES = 4 * 1024;

const CompanyIdSchema = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,15}$' })]);

export const ClientFrameSchema = Type.Union([
  Type.Object({ type: Type.Literal('register'), info: Type.String({ maxLength: 32 }) }),
  Type.Object({ type: Type.Literal('heartbeat') }),
  Type.Object({ type: Type.Literal('toggle'), company_id: CompanyIdSchema }),
  Type.Object({ type: Type.Literal('classify'), classify_type: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
  // After a reconnect: the last seq seen of a stream (before classify, which starts delivery).
  Type.Object({
    type: Type.Literal('resume'),
    stream: Type.Union(LIVE_STREAMS.map((stream) => Type.Literal(stream))),
    lastSeq: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  }),
  // The match centre's deltas of one match (issue 36); null stops them.
  Type.Object({ type: Type.Literal('watch'), match_id: Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), Type.Null()]) }),
]);
export type ClientFrame = Static<typeof ClientFrameSchema>;

export const frameMessages = {
  notText: '只接受 JSON 文本消息',
  tooLarge: `消息过大，最多 ${MAX_FRAME_BYTES} 字节`,
  notJson: '消息不是有效的 JSON',
  unknownType: '未知的消息类型',
  badFields: '消息字段错误',
  tooFrequent: '消息过于频繁，连接已关闭，请稍后重连',
} as const;

const KNOWN_TYPES = new Set(['register', 'heartbeat', 'toggle', 'classify', 'resume', 'watch']);
const checkFrame = Compile(ClientFrameSchema);

const JSON_PROBLEMS: Record<JsonFrameProblem, string> = { binary: frameMessages.notText, 'too-large': frameMessages.tooLarge, 'not-json': frameMessages.notJson };

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; msg: string };

/** Validates one incoming frame; nothing unchecked reaches the handlers. */
export function parseClientFrame(data: Buffer, isBinary: boolean): ParsedFrame {
  const read = readJsonFrame(data, isBinary, MAX_FRAME_BYTES);
  if (!read.ok) return { ok: false, msg: JSON_PROBLEMS[read.problem] };
  const value = read.value;
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return { ok: false, msg: frameMessages.unknownType };
  if (!checkFrame.Check(value)) return { ok: false, msg: frameMessages.badFields };
  return { ok: true, frame: value };
}
