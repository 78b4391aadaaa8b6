// The match centre's contract (issue 36) for the browser: types only from types.ts (TypeBox stays
// on the server), the numbers and the delta merging in plain code.
export type * from './types';
export * from './geometry';
export * from './matchCentreDelta';
