/**
 * Cuts an HTTP-FLV byte stream back into the pieces a node's FLV players take (FlvSink): the file
 * header with its first previous-tag-size, then each tag with its trailing previous-tag-size, as
 * node-media-server hands them out. A tag larger than `maxTagBytes` is a broken stream: `onError`.
 */
export class FlvTagSplitter {
  private pending: Buffer = Buffer.alloc(0);
  private headerDone = false;
  private failed = false;

  constructor(
    private readonly onPiece: (piece: Buffer, isHeader: boolean) => void,
    private readonly onError: (reason: string) => void,
    private readonly maxTagBytes = 16 << 20,
  ) {}

  push(chunk: Buffer): void {
    if (this.failed) return;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    for (;;) {
      const rest = this.pending.length - offset;
      if (!this.headerDone) {
        if (rest < 9) break;
        if (this.pending.toString('latin1', offset, offset + 3) !== 'FLV') return this.fail('not an FLV stream');
        const headerBytes = this.pending.readUInt32BE(offset + 5) + 4;
        if (headerBytes > 64) return this.fail('FLV header too long');
        if (rest < headerBytes) break;
        this.onPiece(this.pending.subarray(offset, offset + headerBytes), true);
        offset += headerBytes;
        this.headerDone = true;
        continue;
      }
      if (rest < 11) break;
      const tagBytes = 11 + this.pending.readUIntBE(offset + 1, 3) + 4;
      if (tagBytes > this.maxTagBytes) return this.fail(`FLV tag of ${tagBytes} bytes`);
      if (rest < tagBytes) break;
      this.onPiece(this.pending.subarray(offset, offset + tagBytes), false);
      offset += tagBytes;
    }
    // Pieces may be kept (GOP cache): copy the leftover so the chunk itself can go.
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
  }

  private fail(reason: string): void {
    this.failed = true;
    this.pending = Buffer.alloc(0);
    this.onError(reason);
  }
}
