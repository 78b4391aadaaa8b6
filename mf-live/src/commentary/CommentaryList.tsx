import styled from 'styled-components';
import type { MatchRow, RemoteContext } from '@sports/shared';
import { commentaryCopy } from '../scoreBar/scoreBarCopy';
import { useCommentary } from './useCommentary';

const Section = styled.section`
  padding: 8px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0 0 6px;
    font-size: ${({ theme }) => theme.font.body};
  }
  ol {
    max-height: 240px;
    overflow-y: auto;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    gap: 8px;
    padding: 3px 0;
    font-size: ${({ theme }) => theme.font.small};
  }
  .time {
    flex: none;
    min-width: 64px;
    color: ${({ theme }) => theme.colors.brand};
    font-variant-numeric: tabular-nums;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.font.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface CommentaryListProps {
  context: RemoteContext;
  matchId: number;
  /** The match row the viewer sees (spoiler-held): new lines are asked for when it changes. */
  row: MatchRow | null;
}

/** The room's automatic commentary (getRobot), newest first, in the chat's assistant channel. */
export function CommentaryList({ context, matchId, row }: CommentaryListProps) {
  const state = useCommentary(context, matchId, row);
  return (
    <Section aria-label={commentaryCopy.title} data-testid="commentary">
      <h3>{commentaryCopy.title}</h3>
      {state.status === 'failed' && <p role="alert">{commentaryCopy.failed}</p>}
      {state.status === 'ready' && state.lines.length === 0 && <p>{commentaryCopy.empty}</p>}
      {state.status === 'ready' && state.lines.length > 0 && (
        <ol aria-live="polite" aria-relevant="additions">
          {state.lines.map((line) => (
            <li key={line.id} data-kind={line.kind} data-testid="commentary-line">
              <span className="time">{line.match_str}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
