import Type, { type Static } from 'typebox';
import { MAX_LENGTH } from '../api/limits';
import { HotMatchSchema } from './hotMatch';

/** `GET api/Search/index?name=`: the search box allows 10 characters, and so does the server. */
export const SearchQuerySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_LENGTH.search }),
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const SearchResultSchema = Type.Object({
  matches: Type.Array(HotMatchSchema),
  anchors: Type.Array(Type.Object({ id: Type.Integer(), user_nickname: Type.String(), avatar: Type.String() })),
  lives: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type SearchResult = Static<typeof SearchResultSchema>;
