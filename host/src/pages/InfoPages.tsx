import styled from 'styled-components';
import { infoPagesCopy, type InfoSection } from './infoPagesCopy';
import { SITE_INFO, useSiteName } from './siteInfo';

const Article = styled.article`
  max-width: 800px;
  margin: 0 auto;
  padding: 24px 16px 40px;
  line-height: 1.8;

  h1 {
    margin: 0 0 16px;
    font-size: ${({ theme }) => theme.font.hero};
  }
  h2 {
    margin: 24px 0 8px;
    font-size: ${({ theme }) => theme.font.title};
  }
  p {
    margin: 0 0 8px;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 8px 16px;
    margin: 16px 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

function Sections({ sections }: { sections: readonly InfoSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </>
  );
}

/** #/about: who runs the site and what it is. */
export function AboutPage() {
  const site = useSiteName();
  return (
    <Article data-testid="info-page" data-page="about">
      <h1>{infoPagesCopy.about.title}</h1>
      <Sections sections={infoPagesCopy.about.sections(site)} />
    </Article>
  );
}

/** #/contact: the service e-mail, phone, hours and address (SITE_INFO). */
export function ContactPage() {
  const site = useSiteName();
  const text = infoPagesCopy.contact;
  return (
    <Article data-testid="info-page" data-page="contact">
      <h1>{text.title}</h1>
      <p>{text.intro(site)}</p>
      <dl>
        <dt>{text.email}</dt>
        <dd>
          <a href={`mailto:${SITE_INFO.email}`}>{SITE_INFO.email}</a>
        </dd>
        <dt>{text.phone}</dt>
        <dd>
          <a href={`tel:${SITE_INFO.phone.replace(/[^0-9+]/g, '')}`}>{SITE_INFO.phone}</a>
        </dd>
        <dt>{text.hours}</dt>
        <dd>{SITE_INFO.serviceHours}</dd>
        <dt>{text.address}</dt>
        <dd>{SITE_INFO.address}</dd>
      </dl>
      <p>{text.reportHint}</p>
    </Article>
  );
}

/** #/terms: the user agreement. */
export function TermsPage() {
  const site = useSiteName();
  return (
    <Article data-testid="info-page" data-page="terms">
      <h1>{infoPagesCopy.terms.title}</h1>
      <Sections sections={infoPagesCopy.terms.sections(site)} />
    </Article>
  );
}

/** #/privacy: the privacy policy. */
export function PrivacyPage() {
  const site = useSiteName();
  return (
    <Article data-testid="info-page" data-page="privacy">
      <h1>{infoPagesCopy.privacy.title}</h1>
      <Sections sections={infoPagesCopy.privacy.sections(site)} />
    </Article>
  );
}
