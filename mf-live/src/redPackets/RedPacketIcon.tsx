/** The bar's 红包 icon (an envelope with a seal), drawn like the others in room/barIcons.tsx. */
export function RedPacketIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M5 8c2.5 2 4.5 3 7 3s4.5-1 7-3" />
      <circle cx="12" cy="11" r="2" />
    </svg>
  );
}
