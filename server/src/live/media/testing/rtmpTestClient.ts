import net from 'node:net';

/**
 * Tests only: a raw RTMP client that writes exactly the bytes a test chooses (handshake, chunk
 * headers, AMF0 commands), to feed the ingest malformed or hostile input that no encoder sends.
 */

export const HANDSHAKE_SIZE = 1536;
export const DEFAULT_CHUNK_SIZE = 128;

/** Message types of the RTMP spec (what the ingest's parser switches on). */
export const RtmpType = {
  setChunkSize: 1,
  abort: 2,
  acknowledgement: 3,
  userControl: 4,
  windowAckSize: 5,
  setPeerBandwidth: 6,
  audio: 8,
  video: 9,
  amf3Data: 15,
  amf3SharedObject: 16,
  amf3Command: 17,
  amf0Data: 18,
  amf0SharedObject: 19,
  amf0Command: 20,
  aggregate: 22,
} as const;

/** C0 (version 3) + C1 + C2, all zeros: the simple handshake, as one buffer. */
export function handshake(): Buffer {
  return Buffer.concat([Buffer.from([3]), Buffer.alloc(HANDSHAKE_SIZE), Buffer.alloc(HANDSHAKE_SIZE)]);
}

/** A type-0 chunk header (basic header for chunk stream ids 2-63): 12 bytes. */
export function chunkHeader0(cid: number, declaredLength: number, type: number, streamId = 0, timestamp = 0): Buffer {
  const header = Buffer.alloc(12);
  header[0] = cid & 0x3f;
  header.writeUIntBE(timestamp, 1, 3);
  header.writeUIntBE(declaredLength, 4, 3);
  header[7] = type;
  header.writeUInt32LE(streamId, 8);
  return header;
}

/** A whole message on a chunk stream, split into chunks of `chunkSize` (type-3 continuation headers). */
export function message(cid: number, type: number, payload: Buffer, options: { streamId?: number; chunkSize?: number; timestamp?: number } = {}): Buffer {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const parts: Buffer[] = [chunkHeader0(cid, payload.length, type, options.streamId ?? 0, options.timestamp ?? 0)];
  for (let offset = 0; offset < payload.length; offset += chunkSize) {
    if (offset > 0) parts.push(Buffer.from([0xc0 | (cid & 0x3f)]));
    parts.push(payload.subarray(offset, offset + chunkSize));
  }
  return Buffer.concat(parts);
}

export type Amf0Value = string | number | boolean | null | { [key: string]: Amf0Value };

/** AMF0 encoding of the values an RTMP command carries. */
export function amf0(...values: Amf0Value[]): Buffer {
  return Buffer.concat(values.map(amf0Value));
}

function amf0Value(value: Amf0Value): Buffer {
  if (value === null) return Buffer.from([0x05]);
  if (typeof value === 'number') {
    const buffer = Buffer.alloc(9);
    buffer.writeDoubleBE(value, 1);
    return buffer;
  }
  if (typeof value === 'boolean') return Buffer.from([0x01, value ? 1 : 0]);
  if (typeof value === 'string') return Buffer.concat([Buffer.from([0x02]), utf8WithLength(value)]);
  const fields = Object.entries(value).map(([key, field]) => Buffer.concat([utf8WithLength(key), amf0Value(field)]));
  return Buffer.concat([Buffer.from([0x03]), ...fields, Buffer.from([0x00, 0x00, 0x09])]);
}

function utf8WithLength(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** What an encoder sends to publish `stream` (connect, createStream, publish), each on chunk stream 3. */
export function publishCommands(port: number, stream: string): Buffer {
  const tcUrl = `rtmp://127.0.0.1:${port}/live`;
  return Buffer.concat([
    message(3, RtmpType.amf0Command, amf0('connect', 1, { app: 'live', type: 'nonprivate', flashVer: 'FMLE/3.0', tcUrl })),
    message(3, RtmpType.amf0Command, amf0('createStream', 2, null)),
    message(3, RtmpType.amf0Command, amf0('publish', 3, null, stream, 'live'), { streamId: 1 }),
  ]);
}

/**
 * A connected socket that swallows write errors (the server may hang up at any time).
 * `localAddress` (e.g. 127.0.0.2, any of 127/8 works on Linux) makes it come from another address.
 */
export function connectRtmp(port: number, localAddress?: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      socket.resume(); // drain what the server answers
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Writes the bytes; resolves when they are handed to the kernel (or the server already hung up). */
export function send(socket: net.Socket, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.write(bytes, () => resolve());
  });
}

/** Whether the server closed the connection within `ms`. */
export function closedWithin(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed || socket.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('close', onClose);
  });
}
