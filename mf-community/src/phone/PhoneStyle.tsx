import type { ComponentType } from 'react';
import { createGlobalStyle } from 'styled-components';

const scope = "[data-remote='mf-community']";

/**
 * The phone layout (body 500 px or narrower: the /h5 site) of every mf-community page and widget: touch
 * targets of at least 44 px, form fields at 16 px (no zoom on focus in iOS Safari), long words
 * wrapped and media kept inside the screen. Scoped to this remote's own subtree, so nothing leaks
 * into the host or another remote; above 500 px the pages look as they did.
 */
export const PhoneStyle = createGlobalStyle`
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    ${scope} {
      overflow-wrap: anywhere;
    }
    ${scope} :is(img, video, canvas, iframe, table) {
      max-width: 100%;
    }
    ${scope} :is(button, select, summary, [role='tab'], input:not([type='checkbox'], [type='radio'], [type='range']), textarea):not([role='switch']) {
      min-height: 44px;
    }
    ${scope} :is(button, [role='tab']):not([role='switch']) {
      min-width: 44px;
    }
    ${scope} :is(input, select, textarea) {
      font-size: 16px;
    }
    ${scope} > header > a {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
    ${scope} label:has(> input[type='checkbox'], > input[type='radio'], > [role='switch']) {
      min-height: 44px;
    }
  }
`;

/**
 * A route's page with the phone layout's rules beside it (routes.ts). One wrapped page per route,
 * so the page keeps its identity (and state) however often the host asks; a failed chunk load is
 * asked again next time (the host's retry).
 */
export function withPhoneStyle<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let made: Promise<{ default: ComponentType<Props> }> | null = null;
  return (): Promise<{ default: ComponentType<Props> }> =>
    (made ??= wrap(load).catch((error: unknown) => {
      made = null;
      throw error;
    }));
}

async function wrap<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): Promise<{ default: ComponentType<Props> }> {
  const { default: Page } = await load();
  function PhonePage(props: Props) {
    return (
      <>
        <PhoneStyle />
        <Page {...props} />
      </>
    );
  }
  PhonePage.displayName = `Phone(${Page.displayName ?? Page.name})`;
  return { default: PhonePage };
}
