/**
 * The CSS variable on a home widget's area holding the room its manifest asks for while it loads
 * (WidgetMeta.phoneHeight): set by RemoteWidget, read by the home grid's style (pages/HomePage.tsx).
 */
export const WIDGET_PHONE_HEIGHT_VARIABLE = '--widget-phone-height';
