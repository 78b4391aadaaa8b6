import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { chinaDateKey } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';

const text = hostMessages.footer;

const Bar = styled.footer`
  padding: 32px 24px;
  background: ${({ theme }) => theme.colors.navBackground};
  color: ${({ theme }) => theme.colors.textInverse};
  text-align: center;
`;

const SiteName = styled.p`
  margin: 0 0 8px;
  font-size: ${({ theme }) => theme.font.title};
  font-weight: 700;
`;

/* Light grey on the dark bar: 11:1, well above 4.5:1. */
const Muted = styled.p`
  margin: 0 0 16px;
  color: #c8ccd4;
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px 24px;
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
`;

const linkLook = `
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
`;

const FooterButton = styled.button`
  ${linkLook}
`;

const FooterLink = styled(Link)`
  ${linkLook}
`;

const Copyright = styled.p`
  margin: 0;
  color: #c8ccd4;
  font-size: ${({ theme }) => theme.font.small};
`;

/** The footer of pages without the left menu; the pages it would lead to are not built yet. */
export function Footer() {
  const { eventBus } = useHostServices();
  const notice = (feature: string) => eventBus.emit('notice:inDevelopment', { feature });

  return (
    <Bar>
      <SiteName>{text.siteName}</SiteName>
      <Muted>{text.blurb}</Muted>
      <nav aria-label={text.linksLabel}>
        <Links>
          {[text.about, text.contact, text.terms].map((label) => (
            <li key={label}>
              <FooterButton type="button" onClick={() => notice(label)}>
                {label}
              </FooterButton>
            </li>
          ))}
          <li>
            <FooterLink to="/downLoad">{text.downloadApp}</FooterLink>
          </li>
        </Links>
      </nav>
      <Copyright>{text.copyright(Number(chinaDateKey(Date.now()).slice(0, 4)))}</Copyright>
    </Bar>
  );
}
