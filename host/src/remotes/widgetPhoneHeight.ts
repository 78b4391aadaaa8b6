/**
 * The CSS variable on a home widget's area holding the room its manifest asks for on a phone
 * (WidgetMeta.phoneHeight): set by RemoteWidget, read by the mobile shell's style
 * (mobile/MobileShellStyle.ts). Its own module: the mobile chunk imports it without RemoteWidget.
 */
export const WIDGET_PHONE_HEIGHT_VARIABLE = '--widget-phone-height';
