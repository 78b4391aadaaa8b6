import { forwardRef } from 'react';
import styled from 'styled-components';
// By name: the root entry's Button (this file is in @sports/shared/pageKit, another singleton).
import { IconButton } from '@sports/shared';

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin: 0 0 8px;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.title};
  }
`;

export interface SurfaceHeaderProps {
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
}

/** A popover's or a sheet's title (which names its dialog) and its close button. */
export const SurfaceHeader = forwardRef<HTMLButtonElement, SurfaceHeaderProps>(function SurfaceHeader({ titleId, title, closeLabel, onClose }, ref) {
  return (
    <Header>
      <h2 id={titleId}>{title}</h2>
      <IconButton ref={ref} label={closeLabel} icon="✕" size="small" onClick={onClose} />
    </Header>
  );
});
