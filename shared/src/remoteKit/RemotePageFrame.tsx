import type { ReactNode } from 'react';
import styled from 'styled-components';

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.body};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.hero};
`;

export interface RemotePageFrameProps {
  /** The remote that owns the page (`data-remote`), e.g. `mf-live`. */
  remote: string;
  /** Route path, for tests and the host's checks (`data-page`). */
  page: string;
  title: string;
  /** Right side of the header: live status, settings. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A remote's page: owned by its remote (`data-remote`), one h1, an optional aside in the header. */
export function RemotePageFrame({ remote, page, title, aside, children }: RemotePageFrameProps) {
  return (
    <Frame data-remote={remote} data-page={page}>
      <Header>
        <Title>{title}</Title>
        {aside}
      </Header>
      {children}
    </Frame>
  );
}

/** A section of a page (h2/h3 headings inside). */
export const PagePanel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: 16px;

  h2 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.font.title};
  }
  h3 {
    margin: 12px 0 8px;
    font-size: ${({ theme }) => theme.font.body};
  }
`;

/** A centred muted line: loading, empty and failed states. */
export const Muted = styled.p`
  margin: 0;
  padding: 24px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/** A table that scrolls sideways inside its own region on narrow screens. */
export const TableScroll = styled.div`
  overflow-x: auto;

  table {
    width: 100%;
    border-collapse: collapse;
  }
  caption {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  th,
  td {
    padding: 8px 6px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: center;
    white-space: nowrap;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: normal;
    font-size: ${({ theme }) => theme.font.small};
  }
`;
