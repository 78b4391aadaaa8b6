import styled from 'styled-components';

/** Footer buttons of a dialog: `data-variant="primary"` for the main action. */
export const DialogButton = styled.button`
  min-width: 80px;
  height: 36px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.brandDark};
    color: ${({ theme }) => theme.colors.brandDark};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brandDark};
    outline-offset: 2px;
  }

  &[data-variant='primary'] {
    border-color: ${({ theme }) => theme.colors.brandDark};
    background: ${({ theme }) => theme.colors.brandDark};
    color: ${({ theme }) => theme.colors.textInverse};
  }

  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;
