/** A file's text, imported with vite's `?raw` (the host's tests read the page template so). */
declare module '*?raw' {
  const text: string;
  export default text;
}
