import styled from 'styled-components';

/**
 * The room's picker panels that list things to act on (竞猜's predictions, 红包's packets): a
 * column of bordered cards, each with a heading line (`h4`), muted facts (`.muted`) and a row of
 * controls (`PanelCardRow`). A panel adds what only its cards show (`styled(PanelCard)`).
 */
export const PanelCardList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const PanelCard = styled.li`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  h4 {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
`;

export const PanelCardRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
`;
