import type { FeedPlayer } from '../matchFeed';

/** A player drawn by weight with a roll in [0, 1) (the last one if the roll runs past; the first if no one weighs anything). */
export function pickWeighted(players: readonly FeedPlayer[], roll: number, weight: (player: FeedPlayer) => number): FeedPlayer | undefined {
  const total = players.reduce((sum, player) => sum + weight(player), 0);
  if (total <= 0) return players[0];
  let remaining = roll * total;
  for (const player of players) {
    remaining -= weight(player);
    if (remaining < 0) return player;
  }
  return players.at(-1);
}
