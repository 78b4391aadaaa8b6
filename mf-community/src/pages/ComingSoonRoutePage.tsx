import { ComingSoonPage, type RemotePageProps } from '@sports/shared';
import { pageCopy } from '../messages';

export default function ComingSoonRoutePage({ location }: RemotePageProps) {
  const copy = pageCopy[location.path] ?? { title: location.path, description: '' };
  return <ComingSoonPage remote="mf-community" title={copy.title} description={copy.description} />;
}
