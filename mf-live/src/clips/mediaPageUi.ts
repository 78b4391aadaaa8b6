import styled from 'styled-components';

/** The clip and replay pages' column: the player, then the facts and the actions. */
export const MediaPageLayout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  max-width: 960px;
`;

/** What a clip or replay is: term / value rows (比赛, 主播, 时间…). */
export const MediaFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

/** A row of buttons under the player (复制链接, 改标题, 隐藏, 删除…); a form in it lays its fields out in the row. */
export const MediaActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;

  form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-end;
    gap: 8px;
  }
`;

/** A 16:9 black frame holding a clip's or a replay's video. */
export const VideoFrame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radius.medium};
  overflow: hidden;
  background: #000;

  video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;
