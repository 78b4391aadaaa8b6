import styled from 'styled-components';

/** The red call-to-action of the header (Go live); brandDark keeps white text above 4.5:1. */
export const PrimaryHeaderButton = styled.button`
  flex: none;
  height: 34px;
  padding: 0 16px;
  border: 0;
  border-radius: 17px;
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.textInverse};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.brand};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.textInverse};
    outline-offset: 2px;
  }
`;

/** A quieter outlined header button (Login). */
export const SecondaryHeaderButton = styled(PrimaryHeaderButton)`
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.textInverse};

  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
`;
