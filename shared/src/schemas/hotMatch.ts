import Type, { type Static } from 'typebox';

export const SportSchema = Type.Union([
  Type.Literal('football'),
  Type.Literal('basketball'),
  Type.Literal('esports'),
  Type.Literal('general'),
]);
export type Sport = Static<typeof SportSchema>;

/** One entry of the hot list the search box shows (SPEC.md section 3: short_name_zh). */
export const HotMatchSchema = Type.Object({
  id: Type.Integer(),
  sport: SportSchema,
  short_name_zh: Type.String(),
});
export type HotMatch = Static<typeof HotMatchSchema>;

export const HotMatchListSchema = Type.Array(HotMatchSchema);
