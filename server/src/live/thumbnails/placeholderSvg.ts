import { type ThumbCategory, categoryOf } from './thumbnailUrls';

/**
 * A room card's picture when there is no frame (offline, just started, audio only, no ffmpeg):
 * the category's colours, a pictogram and its name, 16:9 like the frames. Drawn once per category.
 */
const LOOKS: Record<ThumbCategory, { from: string; to: string; label: string; pictogram: string }> = {
  football: {
    from: '#0f7b3f',
    to: '#0a4d28',
    label: '足球',
    // A ball: a circle and a pentagon.
    pictogram: '<circle cx="160" cy="78" r="34" fill="none" stroke="#fff" stroke-width="5"/><path d="M160 62l15 11-6 18h-18l-6-18z" fill="#fff"/>',
  },
  basketball: {
    from: '#e0701b',
    to: '#8f3c06',
    label: '篮球',
    pictogram:
      '<circle cx="160" cy="78" r="34" fill="none" stroke="#fff" stroke-width="5"/><path d="M126 78h68M160 44v68M136 54q18 24 0 48M184 54q-18 24 0 48" fill="none" stroke="#fff" stroke-width="4"/>',
  },
  esports: {
    from: '#5b2bd6',
    to: '#281066',
    label: '电竞',
    // A game pad.
    pictogram:
      '<rect x="118" y="58" width="84" height="42" rx="21" fill="none" stroke="#fff" stroke-width="5"/><path d="M140 70v18M131 79h18" stroke="#fff" stroke-width="5"/><circle cx="178" cy="74" r="4" fill="#fff"/><circle cx="188" cy="84" r="4" fill="#fff"/>',
  },
  general: {
    from: '#2a6fdb',
    to: '#123a7a',
    label: '综合',
    // A play button.
    pictogram: '<circle cx="160" cy="78" r="34" fill="none" stroke="#fff" stroke-width="5"/><path d="M149 60l28 18-28 18z" fill="#fff"/>',
  },
};

const drawn = new Map<ThumbCategory, string>();

export function placeholderSvg(category: ThumbCategory): string {
  let svg = drawn.get(category);
  if (svg === undefined) {
    const look = LOOKS[category];
    svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">' +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient></defs>` +
      '<rect width="320" height="180" fill="url(#g)"/>' +
      look.pictogram +
      `<text x="160" y="148" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#fff">${look.label}</text>` +
      '</svg>';
    drawn.set(category, svg);
  }
  return svg;
}

export function placeholderSvgOfRoomType(roomType: number): string {
  return placeholderSvg(categoryOf(roomType));
}
