import { hostMessages } from '../messages';
import { ContainedFailure } from './ContainedFailure';

/**
 * Where the remotes' part of a page would be when the control plane could not be asked which
 * releases (and so which routes and widgets) this visitor gets. Retry asks again.
 */
export function AssignmentsUnavailable({ onRetry }: { onRetry: () => Promise<void> }) {
  const text = hostMessages.assignments;
  return <ContainedFailure title={text.unavailableTitle} body={text.unavailableBody} onRetry={onRetry} testId="assignments-unavailable" />;
}
