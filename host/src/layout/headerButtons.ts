import styled, { css } from 'styled-components';
import { Button } from '@sports/shared';

/** The header's pill shape, and a white focus ring that shows on the dark bar. */
const headerPill = css`
  && {
    flex: none;
    min-height: 34px;
    padding: 0 16px;
    border-radius: 17px;
  }
  &&:focus-visible {
    outline-color: ${({ theme }) => theme.colors.textInverse};
  }
`;

/** The red call-to-action of the header (Go live): the kit's primary Button as a pill. */
export const PrimaryHeaderButton = styled(Button).attrs({ variant: 'primary' as const })`
  ${headerPill}
`;

/** A quieter outlined header button (Login, the phone layout's menu). */
export const SecondaryHeaderButton = styled(Button).attrs({ variant: 'ghost' as const })`
  ${headerPill}
  && {
    border-color: ${({ theme }) => theme.colors.textInverse};
    color: ${({ theme }) => theme.colors.textInverse};
  }
  &&:hover:not(:disabled) {
    background: rgba(255, 255, 255, 0.12);
  }
`;
