import type { BarragePosition, ChatGroupMessage } from '@sports/shared';

/** How a styled danmaku looks: its colour and where it shows. */
export interface DanmakuLook {
  color: string;
  position: BarragePosition;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The look a danmaku message carries (`cloudCustomData.style`, written by the server), or null for the default. */
export function danmakuLookOf(message: Pick<ChatGroupMessage, 'cloudCustomData'>): DanmakuLook | null {
  const style = message.cloudCustomData.style;
  if (style === undefined || !COLOR.test(style.color)) return null;
  return { color: style.color, position: style.position };
}
