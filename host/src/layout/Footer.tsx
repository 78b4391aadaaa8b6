import { Link } from 'wouter';
import styled from 'styled-components';
import { chinaDateKey } from '@sports/shared';
import { hostMessages } from '../messages';
import { preloadInfoPages } from '../pages/loadInfoPages';
import { SITE_INFO, useSiteName } from '../pages/siteInfo';

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

const FooterLink = styled(Link)`
  ${linkLook}
`;

const Copyright = styled.p`
  margin: 0 0 4px;
  color: #c8ccd4;
  font-size: ${({ theme }) => theme.font.small};
`;

/** The site's own pages (pages/InfoPages.tsx), host routes like the others. */
const INFO_LINKS = [
  { label: text.about, to: '/about' },
  { label: text.contact, to: '/contact' },
  { label: text.terms, to: '/terms' },
  { label: text.privacy, to: '/privacy' },
] as const;

/**
 * The footer of pages without the left menu: the site's name (system config's siteTitle), its
 * pages (关于我们, 联系我们, 用户协议, 隐私政策, 下载APP), contact line, copyright and filing line.
 */
export function Footer() {
  const siteName = useSiteName();
  return (
    <Bar>
      <SiteName>{siteName}</SiteName>
      <Muted>{text.blurb}</Muted>
      {/* The pages' chunk is fetched as a link is pointed at, focused or touched: a click finds it loaded. */}
      <nav aria-label={text.linksLabel} onPointerOver={preloadInfoPages} onFocus={preloadInfoPages} onTouchStart={preloadInfoPages}>
        <Links>
          {INFO_LINKS.map((link) => (
            <li key={link.to}>
              <FooterLink to={link.to}>{link.label}</FooterLink>
            </li>
          ))}
          <li>
            <FooterLink to="/downLoad">{text.downloadApp}</FooterLink>
          </li>
        </Links>
      </nav>
      <Copyright>{text.contactLine(SITE_INFO.email, SITE_INFO.phone)}</Copyright>
      <Copyright>{text.copyright(Number(chinaDateKey(Date.now()).slice(0, 4)))}</Copyright>
      <Copyright data-testid="icp">{SITE_INFO.icp}</Copyright>
    </Bar>
  );
}
