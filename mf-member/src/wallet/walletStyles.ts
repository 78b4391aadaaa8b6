import styled from 'styled-components';

/** A muted line beside content (rules, rates, what is missing): left-aligned, unlike the centred `Muted` of empty states. */
export const Note = styled.p`
  margin: 4px 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The payout account choice: a plain group with a bold legend, one radio per line. */
export const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    font-weight: 600;
    margin-bottom: 4px;
  }
`;
