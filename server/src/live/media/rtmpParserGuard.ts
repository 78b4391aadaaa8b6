import type { NmsRtmpParser } from './nms';

/** What one RTMP session may ask the parser to hold (smaller before its publish is admitted). */
export interface RtmpMessageLimits {
  /** Largest message length a chunk header may declare: NMS allocates that much at once. */
  maxMessageBytes: number;
  /** Chunk streams with a message buffer: each keeps its own allocation. */
  maxChunkStreams: number;
}

/** The peer sent what the ingest does not parse: its session ends (logged at warn, not error). */
export class RtmpInputError extends Error {
  override readonly name = 'RtmpInputError';
}

const TYPE_SET_CHUNK_SIZE = 1;
const TYPE_WINDOW_ACK_SIZE = 5;
/** The spec's range for a chunk size (31 bits); 0 would leave NMS's parser computing with NaN. */
const MAX_CHUNK_SIZE = 0x7fffffff;

/**
 * Puts checks into NMS's chunk parser of one session, at the steps where its trust costs memory or
 * state: a declared message length is allocated as soon as the first payload byte arrives (up to
 * 16 MB, per chunk stream); a header that changes the length of a message in progress makes it
 * step back over bytes already read; a short Set Chunk Size / Window Acknowledgement Size is read
 * past its end, and a chunk size of 0 breaks every later read. Each check throws RtmpInputError,
 * which the ingest turns into the end of that session. `limits` is asked at every message, so a
 * session gets the larger limits as soon as its publish is admitted.
 */
export function guardRtmpParser(parser: NmsRtmpParser, limits: () => RtmpMessageLimits): void {
  const readHeader = parser.chunkMessageHeaderRead.bind(parser);
  parser.chunkMessageHeaderRead = () => {
    const packet = parser.parserPacket;
    const lengthBefore = packet.header.length;
    const offset = readHeader();
    if (packet.bytes > 0 && packet.header.length !== lengthBefore) {
      throw new RtmpInputError(`chunk stream ${packet.header.cid}: a header changed the length of a message in progress (${lengthBefore} -> ${packet.header.length})`);
    }
    return offset;
  };

  const parse = parser.packetParse.bind(parser);
  parser.packetParse = () => {
    parse();
    const { maxChunkStreams } = limits();
    if (parser.inPackets.size > maxChunkStreams) throw new RtmpInputError(`more than ${maxChunkStreams} chunk streams`);
  };

  const allocate = parser.packetAlloc.bind(parser);
  parser.packetAlloc = () => {
    const { maxMessageBytes } = limits();
    const declared = parser.parserPacket.header.length;
    if (declared > maxMessageBytes) throw new RtmpInputError(`a message of ${declared} bytes declared (at most ${maxMessageBytes} allowed now)`);
    allocate();
  };

  const handleControl = parser.controlHandler.bind(parser);
  parser.controlHandler = () => {
    const { header, payload } = parser.parserPacket;
    if (header.type === TYPE_SET_CHUNK_SIZE || header.type === TYPE_WINDOW_ACK_SIZE) {
      if (header.length < 4) throw new RtmpInputError(`control message ${header.type} of ${header.length} bytes (4 expected)`);
      const value = payload.readUInt32BE(0);
      if (header.type === TYPE_SET_CHUNK_SIZE && (value < 1 || value > MAX_CHUNK_SIZE)) throw new RtmpInputError(`chunk size ${value} is outside 1-${MAX_CHUNK_SIZE}`);
    }
    handleControl();
  };

  // NMS's Rtmp allocates a 1 MiB FLV file parser per connection and never uses it: let it go.
  parser.flv = null;
}
