import styled from 'styled-components';

const Body = styled.div`
  line-height: 1.8;
  overflow-wrap: anywhere;

  h2,
  h3,
  h4 {
    margin: 20px 0 8px;
  }
  p {
    margin: 0 0 12px;
  }
  img {
    display: block;
    max-width: 100%;
    height: auto;
    margin: 12px auto;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;

/**
 * The article's body. `html` is ONLY ever `HeadlineDetail.body_html`: HTML the server rendered
 * from the article's Markdown with its own escaping renderer (server/src/community/headlines/
 * markdown.ts; its allowlist of tags is in shared/src/schemas/headlines.ts, its injection tests
 * in markdown.test.ts). This is the one place the site inserts HTML from the server; never pass
 * any other text here: everything else is rendered as React text.
 */
export function ArticleBody({ html, label }: { html: string; label: string }) {
  // innerHTML from body_html only: server-rendered, escaped article HTML (see above).
  return <Body aria-label={label} data-testid="headline-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
