/**
 * The articles' Markdown subset, rendered to HTML by our own escaping renderer (no dependency; see
 * README.md "Bodies"). Every character of the source reaches the output either escaped or as part
 * of a tag this file writes itself, so the only HTML a body can produce is:
 *
 * - blocks: `<p>` (lines joined with `<br>`), `#`/`##`/`###` -> `<h2>`/`<h3>`/`<h4>`, `- `/`* ` ->
 *   `<ul><li>`, `1. ` -> `<ol><li>`, a line that is only `![alt](src)` -> `<p><img></p>`;
 * - inline: `**bold**` -> `<strong>`, `*italic*` -> `<em>`, `[text](url)` -> `<a>`.
 *
 * Links go to http(s) addresses or paths of this site (never `javascript:`, `data:`, `//host`);
 * anything else is shown as its text. Images come from the upload store (`/uploads/<our name>`)
 * or `/static/`; anything else is dropped to its alt text. Attributes are always quoted and
 * escaped; no attribute is ever taken from the source except href/src/alt, each checked.
 */

const UPLOAD_IMAGE = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
const STATIC_IMAGE = /^\/static\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.(png|jpg|jpeg|webp|gif|svg)$/;
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

/** An image source we serve ourselves, or null. */
export function safeImageSrc(src: string): string | null {
  return UPLOAD_IMAGE.test(src) || STATIC_IMAGE.test(src) ? src : null;
}

/** An http(s) address or a path of this site, normalised; null for anything else. */
export function safeLinkHref(href: string): string | null {
  if (href.startsWith('/')) return SITE_PATH.test(href) ? href : null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

const INLINE = /\[([^\]\n]{1,200})\]\(([^()\s]{1,500})\)|\*\*([^*\n]+?)\*\*|\*([^*\n]+?)\*/g;

/** Inline Markdown of one line (or a link's text when `links` is false), escaped. */
function renderInline(text: string, links = true): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, linkText, href, bold, italic] = match;
    const index = match.index ?? 0;
    out += escapeHtml(text.slice(last, index));
    last = index + whole.length;
    if (linkText !== undefined && href !== undefined) {
      const safe = links ? safeLinkHref(href) : null;
      out += safe === null ? escapeHtml(whole) : `<a href="${escapeHtml(safe)}" rel="noopener noreferrer nofollow" target="_blank">${renderInline(linkText, false)}</a>`;
    } else if (bold !== undefined) {
      out += `<strong>${renderInline(bold, links)}</strong>`;
    } else if (italic !== undefined) {
      out += `<em>${renderInline(italic, links)}</em>`;
    }
  }
  return out + escapeHtml(text.slice(last));
}

const IMAGE_LINE = /^!\[([^\]\n]{0,200})\]\(([^()\s]{1,500})\)$/;
const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.+)$/;

/** Renders a Markdown body to safe HTML (see the file comment). */
export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.map((line) => renderInline(line)).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list !== null) blocks.push(`<${list.tag}>${list.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line);
    const image = IMAGE_LINE.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet === null ? NUMBERED.exec(line) : null;
    if (heading !== null) {
      flushParagraph();
      flushList();
      const level = (heading[1] as string).length + 1;
      blocks.push(`<h${level}>${renderInline(heading[2] as string)}</h${level}>`);
    } else if (image !== null) {
      flushParagraph();
      flushList();
      const src = safeImageSrc(image[2] as string);
      const alt = image[1] as string;
      if (src !== null) blocks.push(`<p><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy"></p>`);
      else if (alt !== '') blocks.push(`<p>${escapeHtml(alt)}</p>`);
    } else if (bullet !== null || numbered !== null) {
      flushParagraph();
      const tag = bullet !== null ? 'ul' : 'ol';
      const current = list as { tag: 'ul' | 'ol'; items: string[] } | null;
      if (current === null || current.tag !== tag) {
        flushList();
        list = { tag, items: [] };
      }
      (list as unknown as { items: string[] }).items.push(((bullet ?? numbered) as RegExpExecArray)[1] as string);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks.join('\n');
}

/** The body as plain text (for an automatic summary): markers dropped, whitespace folded. */
export function markdownToText(source: string): string {
  return source
    .replace(/!\[([^\]\n]*)\]\([^()\s]*\)/g, '')
    .replace(/\[([^\]\n]+)\]\([^()\s]*\)/g, '$1')
    .replace(/^\s*(#{1,3}|[-*]|\d{1,3}[.)])\s+/gm, '')
    .replace(/\*\*([^*\n]+?)\*\*/g, '$1')
    .replace(/\*([^*\n]+?)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters (code points) of a text, with `…` when cut. */
export function excerpt(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
