import type { RemotePageProps } from '@sports/shared';
import { ComingSoonPage } from '@sports/shared/pageKit';
import { pageCopy } from '../messages';

export default function ComingSoonRoutePage({ location }: RemotePageProps) {
  const copy = pageCopy[location.path] ?? { title: location.path, description: '' };
  return <ComingSoonPage remote="mf-community" title={copy.title} description={copy.description} />;
}
