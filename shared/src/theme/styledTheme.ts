import type { SportsTheme } from './theme';

// Every package's styled components see the shared theme's fields, typed.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends SportsTheme {}
}

export {};
