import styled from 'styled-components';
import { Button } from '@sports/shared';
import { devOverrideCopy } from './devOverrideCopy';
import { useRemoteAssignments } from '../remotes/RemoteAssignmentsContext';
import { devAssignmentsOf, exitDevOverrideAddress, remoteFolderOf } from './devRemoteOverride';

const Bar = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: center;
  padding: 6px 12px;
  background: #5b2c83;
  color: #fff;
  font-size: 13px;
`;

const ExitButton = styled(Button)`
  border: 1px solid #fff;
  background: transparent;
  color: #fff;
`;

/**
 * Visible while a remote comes from a squad's dev server (`pnpm dev:remote`, channel 'dev'):
 * which remote and from where, and one click to leave (the page again without the override,
 * devRemoteOverride.ts). Nothing on an ordinary page.
 */
export function DevOverrideBanner({ exit = (address: string) => window.location.assign(address) }: { exit?: (address: string) => void }) {
  const { state } = useRemoteAssignments();
  const dev = devAssignmentsOf(state.status === 'loaded' ? state.remotes : null);
  if (dev.length === 0) return null;
  const label = dev.map((remote) => devOverrideCopy.using(remoteFolderOf(remote.name), new URL(remote.manifestUrl).origin)).join('；');
  return (
    <Bar role="status" data-testid="dev-override-banner">
      <span>{label}</span>
      <ExitButton variant="ghost" size="small" onClick={() => exit(exitDevOverrideAddress(window.location))}>
        {devOverrideCopy.exit}
      </ExitButton>
    </Bar>
  );
}
