import type { RemotePageProps, ScoreSport } from '@sports/shared';
import { ScoreBoard } from '../board/ScoreBoard';
import { pageCopy } from '../messages';

/** Which sports each scores route shows: bifen is every score. */
const SPORTS_BY_PATH: Record<string, readonly ScoreSport[]> = {
  football: ['football'],
  basketball: ['basketball'],
  bifen: ['football', 'basketball'],
};

/** #/football, #/basketball and #/bifen: the scores board of their sports. */
export default function ScoresPage({ context, location }: RemotePageProps) {
  const sports = SPORTS_BY_PATH[location.path] ?? SPORTS_BY_PATH.bifen ?? [];
  return <ScoreBoard key={location.path} context={context} page={location.path} title={pageCopy[location.path]?.title ?? ''} sports={sports} />;
}
