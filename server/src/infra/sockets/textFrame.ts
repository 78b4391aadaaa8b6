/**
 * A complete, unmasked WebSocket text frame (RFC 6455 5.2) around an encoded payload. Built once
 * per broadcast and written as is to every subscriber's TCP socket: no per-client framing, no
 * per-client copy. Server frames are never masked; permessage-deflate is off on this server.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.byteLength;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  // FIN + opcode 1 (text).
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
