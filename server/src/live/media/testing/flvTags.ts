import http from 'node:http';

/** Tests only: the FLV a player receives, read tag by tag (what mpegts.js looks at first). */

export interface FlvTagSummary {
  /** 8 audio, 9 video, 18 script data. */
  type: number;
  /** Milliseconds, extended byte included. */
  timestamp: number;
  /** Video: a codec configuration record (AVC sequence header). Audio: an AAC sequence header. */
  sequenceHeader: boolean;
  /** Video keyframe. */
  keyframe: boolean;
}

export interface FlvStart {
  status: number;
  /** The FLV file header's flags: what the player is told to expect. */
  hasAudio: boolean;
  hasVideo: boolean;
  tags: FlvTagSummary[];
  /** The script data tag's text (onMetaData's property names are plain ASCII in it). */
  metadataText: string;
}

const FLV_HEADER_BYTES = 9;
const PREVIOUS_SIZE_BYTES = 4;
const TAG_HEADER_BYTES = 11;

/** Splits FLV bytes (header + whole tags; a cut last tag is left out). */
export function parseFlv(bytes: Buffer): Omit<FlvStart, 'status'> {
  if (bytes.length < FLV_HEADER_BYTES || bytes.subarray(0, 3).toString('latin1') !== 'FLV') throw new Error('not an FLV stream');
  const flags = bytes.readUInt8(4);
  const tags: FlvTagSummary[] = [];
  let metadataText = '';
  let offset = bytes.readUInt32BE(5) + PREVIOUS_SIZE_BYTES;
  while (offset + TAG_HEADER_BYTES <= bytes.length) {
    const type = bytes.readUInt8(offset) & 0x1f;
    const size = bytes.readUIntBE(offset + 1, 3);
    const timestamp = (bytes.readUInt8(offset + 7) << 24) + bytes.readUIntBE(offset + 4, 3);
    const data = offset + TAG_HEADER_BYTES;
    if (data + size > bytes.length) break;
    const first = size > 0 ? bytes.readUInt8(data) : 0;
    const second = size > 1 ? bytes.readUInt8(data + 1) : -1;
    const sequenceHeader = (type === 9 && second === 0) || (type === 8 && first >> 4 === 10 && second === 0);
    tags.push({ type, timestamp: timestamp >>> 0, sequenceHeader, keyframe: type === 9 && first >> 4 === 1 });
    if (type === 18) metadataText += bytes.subarray(data, data + size).toString('latin1');
    offset = data + size + PREVIOUS_SIZE_BYTES;
  }
  return { hasAudio: (flags & 0x04) !== 0, hasVideo: (flags & 0x01) !== 0, tags, metadataText };
}

/** Reads an HTTP-FLV stream for `ms` (or until it ends) and parses what came. */
export function readFlvFor(url: string, ms: number): Promise<FlvStart> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const request = http.get(url, { agent: false }, (response) => {
      const finish = () => {
        clearTimeout(timer);
        request.destroy();
        const bytes = Buffer.concat(chunks);
        if (response.statusCode !== 200) return resolve({ status: response.statusCode ?? 0, hasAudio: false, hasVideo: false, tags: [], metadataText: bytes.toString('utf8') });
        try {
          resolve({ status: 200, ...parseFlv(bytes) });
        } catch (error) {
          reject(error);
        }
      };
      const timer = setTimeout(finish, ms);
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', finish);
    });
    request.on('error', reject);
  });
}
