import { describe, expect, it } from 'vitest';
import { excerpt, markdownToText, renderMarkdown, safeImageSrc, safeLinkHref } from './markdown';

const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.png';

/** Every tag the renderer may write, and every attribute (see markdown.ts). */
const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'img', 'br']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'target', 'src', 'alt', 'loading']);

/** Tags and attributes of the output (a small scanner: the output is ours, so it is regular). */
function tagsOf(html: string): Array<{ tag: string; attributes: Record<string, string> }> {
  return [...html.matchAll(/<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g)].map((match) => ({
    tag: match[1] as string,
    attributes: Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)].map((attribute) => [attribute[1], attribute[2]])),
  }));
}

function expectInert(html: string): void {
  // No '<' other than the tags we write.
  const stripped = html.replace(/<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g, '');
  expect(stripped).not.toMatch(/[<>]/);
  for (const { tag, attributes } of tagsOf(html)) {
    expect(ALLOWED_TAGS.has(tag), tag).toBe(true);
    for (const [name, value] of Object.entries(attributes)) {
      expect(ALLOWED_ATTRIBUTES.has(name), name).toBe(true);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|\/(?!\/))/);
      if (name === 'src') expect(value).toMatch(/^\/(uploads|static)\//);
    }
  }
  // Inside the tags we write: no script scheme, no handler (text between tags is escaped, so inert).
  // Attribute values are quoted with `"` escaped inside, so with the values taken out what is left
  // is tag and attribute names only: none may be a handler.
  const tags = [...html.matchAll(/<\/?[a-z0-9]+(?:\s+[a-z-]+="[^"]*")*\s*\/?>/g)].map((match) => match[0].replace(/="[^"]*"/g, '=""')).join(' ');
  expect(tags.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<style|\son[a-z]+=/);
}

describe('headlines: the Markdown subset renderer', () => {
  it('renders paragraphs, line breaks, headings, emphasis, lists, links and images', () => {
    const html = renderMarkdown(
      ['# 标题', '', '第一段 **加粗** 和 *斜体*', '第二行', '', '- 甲', '- 乙', '', '1. 一', '2. 二', '', `![封面](${UPLOAD})`, '', '详见 [官网](https://example.com/a?b=1&c=2) 与 [赛程](/web/#/schedule)'].join('\n'),
    );
    expect(html).toBe(
      [
        '<h2>标题</h2>',
        '<p>第一段 <strong>加粗</strong> 和 <em>斜体</em><br>第二行</p>',
        '<ul><li>甲</li><li>乙</li></ul>',
        '<ol><li>一</li><li>二</li></ol>',
        `<p><img src="${UPLOAD}" alt="封面" loading="lazy"></p>`,
        '<p>详见 <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">官网</a> 与 <a href="/web/#/schedule" rel="noopener noreferrer nofollow" target="_blank">赛程</a></p>',
      ].join('\n'),
    );
    expectInert(html);
  });

  it('escapes raw HTML, script and event handlers: they show as text', () => {
    const attempts = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">点我</a>',
      '"><svg onload=alert(1)>',
      "'; alert(1); '",
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '**<b onmouseover=alert(1)>粗</b>**',
      '# <script>alert(1)</script>',
      '- <img src=x onerror=alert(1)>',
    ];
    for (const attempt of attempts) {
      const html = renderMarkdown(attempt);
      expectInert(html);
      if (attempt.includes('<')) expect(html).toContain('&lt;');
    }
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('refuses javascript:, data:, protocol-relative and other schemes in links (shown as text)', () => {
    const hrefs = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript&#58;alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example',
      'ftp://example.com/file',
      'https://user:pass@example.com/',
      'mailto:a@example.com',
    ];
    for (const href of hrefs) {
      const html = renderMarkdown(`[点我](${href})`);
      expect(html, href).not.toContain('<a ');
      expectInert(html);
    }
    expect(safeLinkHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeLinkHref('http://example.com')).toBe('http://example.com/');
    expect(safeLinkHref('/web/#/detail?id=1')).toBe('/web/#/detail?id=1');
  });

  it('a quote in a link or an image cannot break out of its attribute', () => {
    const link = renderMarkdown('[x](https://example.com/"onmouseover="alert(1))');
    expectInert(link);
    expect(link).not.toMatch(/"\s*onmouseover/);
    const image = renderMarkdown(`![a" onerror="alert(1)](${UPLOAD})`);
    expectInert(image);
    expect(image).toContain('alt="a&quot; onerror=&quot;alert(1)"');
  });

  it('images only from the upload store or /static; others drop to their alt text', () => {
    expect(safeImageSrc(UPLOAD)).toBe(UPLOAD);
    expect(safeImageSrc('/static/headline-covers/match-1.svg')).toBe('/static/headline-covers/match-1.svg');
    for (const src of ['https://evil.example/x.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/uploads/../secret.png', '/static/../../etc/passwd.png', '/uploads/x.png', '//evil.example/a.png']) {
      expect(safeImageSrc(src), src).toBeNull();
      const html = renderMarkdown(`![替代文字](${src})`);
      expect(html, src).not.toContain('<img');
      expectInert(html);
      // An image syntax that parses drops to its alt text; one that does not stays as escaped text.
      if (!src.includes('(')) expect(html, src).toBe('<p>替代文字</p>');
    }
  });

  it('a link inside a link text is not a link; nested emphasis is escaped text inside', () => {
    const html = renderMarkdown('[外 [内](https://a.example)](https://b.example)');
    expectInert(html);
    expect(html.match(/<a /g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('plain text and excerpts for summaries', () => {
    expect(markdownToText(`# 标题\n\n**加粗** [链接](https://a.example) ![图](${UPLOAD})\n- 项`)).toBe('标题 加粗 链接 项');
    expect(excerpt('一二三四五', 5)).toBe('一二三四五');
    expect(excerpt('一二三四五六', 5)).toBe('一二三四…');
  });
});
