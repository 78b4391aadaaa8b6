/** Puts a `<script type="application/json" id={id}>` with `text` in the page's head, as the server's host page carries one. */
export function inlineJsonScript(id: string, text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = text;
  document.head.append(element);
}
