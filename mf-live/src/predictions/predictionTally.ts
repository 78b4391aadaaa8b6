import { atom } from 'jotai';
import type { ChatPredictionTally, Prediction } from '@sports/shared';

/** The latest prediction tally the room's chat pushed (cloudCustomData.prediction; useRoomChat sets it). */
export const predictionTallyAtom = atom<ChatPredictionTally | null>(null);

/** A prediction with a pushed tally applied (its pool, each outcome's points, stakes and share). */
export function withTally(prediction: Prediction, tally: ChatPredictionTally | undefined): Prediction {
  if (tally === undefined || tally.id !== prediction.id) return prediction;
  return {
    ...prediction,
    pool: tally.pool,
    outcomes: prediction.outcomes.map((outcome, index) => {
      const pushed = tally.outcomes[index];
      return pushed === undefined ? outcome : { ...outcome, pool: pushed.pool, stakes: pushed.stakes, share: pushed.share };
    }),
  };
}
