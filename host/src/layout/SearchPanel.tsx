import { useId } from 'react';
import styled, { css } from 'styled-components';
import { Button, IconButton } from '@sports/shared';
import { hostMessages } from '../messages';

const text = hostMessages.search;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  width: 320px;
  max-width: calc(100vw - 24px);
  padding: 12px 16px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.16);
`;

const SectionHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin: 4px 0 8px;
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.body};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/* The panel's quiet buttons: the kit's ghost Button, text only, brand-dark on hover. */
const quietLook = css`
  && {
    padding: 2px 4px;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  &&:hover:not(:disabled) {
    background: none;
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

const QuietButton = styled(Button).attrs({ variant: 'ghost' as const })`
  ${quietLook}
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 12px;
  padding: 0;
  list-style: none;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.background};
`;

const ChipButton = styled(QuietButton)`
  && {
    padding: 4px 4px 4px 12px;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.font.body};
  }
`;

/* Named "删除搜索记录 …" by its label; the × is hidden from screen readers. */
const DeleteButton = styled(IconButton)`
  ${quietLook}
  && {
    padding: 4px 10px 4px 4px;
    font-size: ${({ theme }) => theme.font.body};
  }
`;

const HotList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const HotButton = styled(ChipButton)`
  && {
    display: flex;
    justify-content: flex-start;
    gap: 8px;
    width: 100%;
    padding: 6px 0;
    text-align: left;
  }
`;

const Rank = styled.span`
  min-width: 16px;
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: 600;
`;

export interface SearchPanelProps {
  id: string;
  history: readonly string[];
  hotNames: readonly string[];
  onChoose: (text: string) => void;
  onDelete: (text: string) => void;
  onClear: () => void;
}

/**
 * What the search box offers while focused: past searches (deletable) and the hot matches. A
 * section shows only with something in it (no empty 搜索历史 or 热门赛事 heading); with neither,
 * there is no panel (SearchBox does not open it).
 */
export function SearchPanel({ id, history, hotNames, onChoose, onDelete, onClear }: SearchPanelProps) {
  const historyHeadingId = useId();
  const hotHeadingId = useId();

  return (
    <Panel id={id}>
      {history.length > 0 && (
        <section aria-labelledby={historyHeadingId}>
          <SectionHead>
            <Heading id={historyHeadingId}>{text.history}</Heading>
            <QuietButton onClick={onClear}>
              {text.clearHistory}
            </QuietButton>
          </SectionHead>
          <Chips>
            {history.map((entry) => (
              <Chip key={entry}>
                <ChipButton onClick={() => onChoose(entry)}>
                  {entry}
                </ChipButton>
                <DeleteButton label={text.deleteHistoryItem(entry)} icon="×" onClick={() => onDelete(entry)} />
              </Chip>
            ))}
          </Chips>
        </section>
      )}
      {hotNames.length > 0 && (
        <section aria-labelledby={hotHeadingId}>
          <SectionHead>
            <Heading id={hotHeadingId}>{text.hot}</Heading>
          </SectionHead>
          <HotList>
            {hotNames.map((name, index) => (
              <li key={`${index}-${name}`}>
                <HotButton onClick={() => onChoose(name)}>
                  <Rank aria-hidden="true">{index + 1}</Rank>
                  {name}
                </HotButton>
              </li>
            ))}
          </HotList>
        </section>
      )}
    </Panel>
  );
}
