/**
 * The gift bar's icons, drawn inline (an emoji depends on the viewer's fonts: a Linux desktop or
 * an old phone shows a box). 20 px, in the text's colour; the button's label names them.
 */
const common = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function GiftIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13" />
      <path d="M12 8c-1.5-3-5-4-5.5-2S9 8 12 8c3 0 6-0.5 5.5-2S13.5 5 12 8Z" />
    </svg>
  );
}

export function GuardIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <path d="M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6l-8-3Z" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}

export function HornIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <path d="M3 10v4a1 1 0 0 0 1 1h3l6 4V5L7 9H4a1 1 0 0 0-1 1Z" />
      <path d="M17 9a4 4 0 0 1 0 6M19.5 6.5a8 8 0 0 1 0 11" />
    </svg>
  );
}

export function DanmakuIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />
      <path d="M7 9h10M7 13h6" />
    </svg>
  );
}

export function ClipIcon() {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      <circle cx="6" cy="6" r="3" />
      <circle cx="6" cy="18" r="3" />
      <path d="M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12" />
    </svg>
  );
}
