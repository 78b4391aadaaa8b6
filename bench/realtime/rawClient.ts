import { randomBytes } from 'node:crypto';
import net from 'node:net';

/** One read buffer for every connection: each read is fully handled before the next one. */
const SHARED_READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/**
 * A minimal WebSocket client for the load generator: the upgrade, masked text frames out, and a
 * frame parser that hands each payload over without decoding it. Thousands of these live in one
 * process; `ws` would spend more of that process's CPU than the server under test.
 */
export class RawWsClient {
  private socket: net.Socket | null = null;
  private pending: Buffer = Buffer.alloc(0);
  private upgraded = false;

  constructor(
    private readonly port: number,
    private readonly path: string,
    /** Every payload of a chunk shares the chunk's arrival time. */
    private readonly onFrame: (payload: Buffer, arrivedMicros: number) => void,
    private readonly now: () => number,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({
        port: this.port,
        host: '127.0.0.1',
        // Reads land in one shared buffer and come straight to us, without the stream machinery
        // ('data' events, a Buffer a read): the per-read cost is what limits a process of 5,000 clients.
        onread: {
          buffer: SHARED_READ_BUFFER,
          callback: (length) => {
            this.onBytes(SHARED_READ_BUFFER.subarray(0, length), resolve, reject);
            return true;
          },
        },
      });
      this.socket = socket;
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.on('connect', () => {
        socket.write(
          `GET ${this.path} HTTP/1.1\r\nHost: 127.0.0.1:${this.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
    });
  }

  private onBytes(chunk: Buffer, resolve: () => void, reject: (error: Error) => void): void {
    const arrived = this.now();
    let data = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    if (!this.upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        this.pending = Buffer.from(data);
        return;
      }
      const status = data.subarray(0, end).toString('latin1').split('\r\n')[0] ?? '';
      if (!status.startsWith('HTTP/1.1 101')) {
        reject(new Error(`upgrade refused: ${status}`));
        this.socket?.destroy();
        return;
      }
      this.upgraded = true;
      data = data.subarray(end + 4);
      resolve();
    }
    // The shared buffer is overwritten by the next read: keep a copy of an unfinished frame.
    this.pending = this.parse(data, arrived);
  }

  /** Sends a text frame (client frames are masked, RFC 6455 5.3). */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    if (payload.length > 125) throw new Error('RawWsClient sends small control frames only');
    const mask = randomBytes(4);
    const frame = Buffer.alloc(6 + payload.length);
    frame[0] = 0x81;
    frame[1] = 0x80 | payload.length;
    mask.copy(frame, 2);
    for (let index = 0; index < payload.length; index += 1) frame[6 + index] = (payload[index] as number) ^ (mask[index % 4] as number);
    this.socket?.write(frame);
  }

  close(): void {
    this.socket?.destroy();
  }

  /** Hands over every complete frame; returns the unparsed rest (a frame cut by the chunk). */
  private parse(data: Buffer, arrived: number): Buffer {
    let offset = 0;
    while (data.length - offset >= 2) {
      const short = (data[offset + 1] as number) & 0x7f;
      let headerLength = 2;
      let length = short;
      if (short === 126) {
        if (data.length - offset < 4) break;
        length = data.readUInt16BE(offset + 2);
        headerLength = 4;
      } else if (short === 127) {
        if (data.length - offset < 10) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        headerLength = 10;
      }
      if (data.length - offset < headerLength + length) break;
      const opcode = (data[offset] as number) & 0x0f;
      if (opcode === 1) this.onFrame(data.subarray(offset + headerLength, offset + headerLength + length), arrived);
      offset += headerLength + length;
    }
    return offset === data.length ? Buffer.alloc(0) : Buffer.from(data.subarray(offset));
  }
}
