import Type, { type Static } from 'typebox';

const Warning = Type.Union([Type.Literal('keyframe_interval_long'), Type.Literal('bitrate_dropping'), Type.Literal('input_stalled')]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `GET api/Live/streamHealth?room_id=` (query: RoomIdQuerySchema): the room's incoming stream as its owner and admins see it. */
export const StreamHealthSchema = Type.Object({
  room_id: Type.Integer(),
  /** An encoder publishes to the room now (its input may have stalled: see warnings). */
  live: Type.Boolean(),
  publishing_since: NullableString,
  video_codec: NullableString,
  audio_codec: NullableString,
  width: NullableNumber,
  height: NullableNumber,
  fps: NullableNumber,
  video_kbps: Type.Integer(),
  audio_kbps: Type.Integer(),
  keyframe_interval_s: NullableNumber,
  since_last_frame_ms: NullableNumber,
  /** Publishes of this broadcast after the first (the encoder dropped and came back within the grace). */
  reconnects: Type.Integer(),
  /** Publishes of the room today (China time). */
  publishes_today: Type.Integer(),
  warnings: Type.Array(Warning),
});
export type StreamHealth = Static<typeof StreamHealthSchema>;
