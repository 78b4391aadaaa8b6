import Type, { type TSchema } from 'typebox';

/** The response envelope around any data schema. */
export function Envelope<Data extends TSchema>(data: Data) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data });
}
