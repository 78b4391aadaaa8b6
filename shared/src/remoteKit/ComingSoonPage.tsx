import styled from 'styled-components';
// By name: the root entry's messages (this file is in @sports/shared/pageKit, another singleton).
import { sharedMessages } from '@sports/shared';

const Panel = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: 40px 32px;
  text-align: center;
`;

const Heading = styled.h1`
  margin: 0 0 12px;
  font-size: ${({ theme }) => theme.font.hero};
`;

const Badge = styled.span`
  display: inline-block;
  margin-bottom: 16px;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.font.small};
`;

const Owner = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;

export interface ComingSoonPageProps {
  /** The page's title, as in the route table. */
  title: string;
  /** Which remote owns the page, so a reader knows whose page it is. */
  remote: string;
  description: string;
}

/** A clearly titled page of a remote whose domain has not landed yet. */
export function ComingSoonPage({ title, remote, description }: ComingSoonPageProps) {
  return (
    <Panel data-remote={remote} data-testid="coming-soon">
      <Badge>{sharedMessages.comingSoon}</Badge>
      <Heading>{title}</Heading>
      <p>{description}</p>
      <Owner>{remote}</Owner>
    </Panel>
  );
}
