import Type, { type Static } from 'typebox';

export const CountryCodeSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
});
export type CountryCode = Static<typeof CountryCodeSchema>;

export const ImConfigSchema = Type.Object({
  /** 'builtin' is our own chat over WebSocket; 'tencent' is Tencent Cloud IM. */
  provider: Type.Union([Type.Literal('builtin'), Type.Literal('tencent')]),
  /** Tencent SDKAppID when provider is 'tencent'. */
  sdkAppId: Type.Optional(Type.Integer()),
  /** Path of the built-in chat socket when provider is 'builtin'. */
  socketPath: Type.Optional(Type.String()),
  guestNicknamePrefix: Type.String(),
});

/** `GET api/universal/getHot`: the system configuration the page starts with. */
export const SystemConfigSchema = Type.Object({
  siteTitle: Type.String(),
  /** Appended to every route title to make document.title. */
  siteTitleSuffix: Type.String(),
  CountryCode: Type.Array(CountryCodeSchema),
  defaultCountryCode: Type.String(),
  /** Address of the realtime live-data socket (absolute ws(s):// or a path on this site). */
  websocketUrl: Type.String(),
  im: ImConfigSchema,
  /** The app download page (downLoad): the mobile site (absolute, or '/h5' on this site), the store links, the QR code of the mobile site. */
  appDownload: Type.Optional(Type.Object({ h5Url: Type.String(), iosUrl: Type.String(), androidUrl: Type.String(), qrSvgUrl: Type.String() })),
});
export type SystemConfig = Static<typeof SystemConfigSchema>;
