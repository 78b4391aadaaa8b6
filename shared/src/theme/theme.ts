/** The one styled-components theme every package renders with. */
export const theme = {
  colors: {
    // Each colour meets WCAG AA (4.5:1) for normal text against the background it is used on:
    // brand/success/warning/danger against white text, brandOnDark against the navbar.
    brand: '#c8102e',
    brandDark: '#a00d25',
    brandOnDark: '#ff5a5f',
    text: '#1f2329',
    textMuted: '#5c6370',
    textInverse: '#ffffff',
    background: '#f4f5f7',
    surface: '#ffffff',
    border: '#e3e5e8',
    navBackground: '#16181d',
    success: '#1b7a43',
    warning: '#8a5300',
    danger: '#c62828',
    home: '#d32f2f',
    away: '#1565c0',
  },
  radius: { small: '4px', medium: '8px', large: '12px' },
  space: (steps: number) => `${steps * 4}px`,
  font: {
    family: '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", system-ui, sans-serif',
    small: '12px',
    body: '14px',
    title: '18px',
    hero: '24px',
  },
  layout: { headerHeight: '60px', contentMaxWidth: '1200px', sidebarWidth: '200px' },
  breakpoints: { narrow: 500, mobile: 992 },
  zIndex: { header: 100, dropdown: 200, dialog: 1000, toast: 1100 },
} as const;

export type SportsTheme = typeof theme;
