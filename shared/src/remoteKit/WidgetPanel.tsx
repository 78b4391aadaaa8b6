import type { ReactNode } from 'react';
import styled from 'styled-components';

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: 16px;
  min-height: 160px;
`;

const Header = styled.header`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  margin-bottom: 12px;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.title};
`;

export interface WidgetPanelProps {
  /** Widget id, for the host's layout and for tests. */
  widgetId: string;
  remote: string;
  title: string;
  /** A 'more' link or other action in the header. */
  action?: ReactNode;
  /**
   * True while the widget's data loads: the panel is marked busy and `data-loading`, so the
   * mobile home page keeps the widget's declared room meanwhile (see PageLoading).
   */
  loading?: boolean;
  children: ReactNode;
}

/** The frame every home-page widget renders in, so the page reads as one. */
export function WidgetPanel({ widgetId, remote, title, action, loading = false, children }: WidgetPanelProps) {
  const headingId = `widget-${widgetId}-title`;
  return (
    <Panel aria-labelledby={headingId} aria-busy={loading || undefined} data-loading={loading ? '' : undefined} data-testid={`widget-${widgetId}`} data-remote={remote}>
      <Header>
        <Title id={headingId}>{title}</Title>
        {action}
      </Header>
      {children}
    </Panel>
  );
}
