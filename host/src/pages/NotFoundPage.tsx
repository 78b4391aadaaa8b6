import { Link } from 'wouter';
import { hostCopy } from './hostCopy';

export function NotFoundPage() {
  return (
    <section>
      <h1>{hostCopy.notFoundTitle}</h1>
      <p>{hostCopy.notFoundBody}</p>
      <Link to="/main">{hostCopy.backHome}</Link>
    </section>
  );
}
