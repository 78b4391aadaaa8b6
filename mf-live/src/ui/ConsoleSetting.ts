import styled from 'styled-components';

/**
 * One setting of the anchor's room console (the clip offset, the fan medal's name): a small
 * heading, a muted line saying what it does, and a one-line form of a short field and its buttons.
 */
export const ConsoleSetting = styled.div`
  margin-top: 12px;

  h3 {
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.font.body};
  }
  p {
    margin: 0 0 6px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px;
  }
  input {
    width: 8em;
  }
`;
