import { useLocation } from 'wouter';
import { hostCopy } from './hostCopy';

/** dome, demo and new_file: pages the team uses to try components in the real shell. */
export function TestPage() {
  const [pathname] = useLocation();
  return (
    <section>
      <h1>{hostCopy.testPageTitle}</h1>
      <p>
        {hostCopy.testPageBody} <code>{pathname}</code>
      </p>
    </section>
  );
}
