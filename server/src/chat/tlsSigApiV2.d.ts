// tls-sig-api-v2 1.0.2 ships no types: the part we call (TOOLCHAIN.md: genUserSig, not genSig).
declare module 'tls-sig-api-v2' {
  export class Api {
    constructor(sdkAppId: number, key: string);
    genUserSig(userId: string, expireSeconds: number): string;
  }
}
