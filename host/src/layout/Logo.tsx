import { Link } from 'wouter';
import styled from 'styled-components';
import { hostMessages } from '../messages';

/* Brand red on the dark bar is 3.96:1, enough only for large text: keep the logo 24px bold. */
const LogoLink = styled(Link)`
  flex: none;
  color: ${({ theme }) => theme.colors.brand};
  font-size: ${({ theme }) => theme.font.hero};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.textInverse};
    outline-offset: 2px;
  }
`;

/** The site's name in brand colour, leading home. */
export function Logo() {
  return <LogoLink to="/main">{hostMessages.nav.logo}</LogoLink>;
}
