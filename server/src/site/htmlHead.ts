/** `html` with `tags` inserted before `</head>`, or at the end of a page without one. */
export function beforeHeadEnd(html: string, tags: string): string {
  if (!tags) return html;
  const found = html.indexOf('</head>');
  const at = found < 0 ? html.length : found;
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
