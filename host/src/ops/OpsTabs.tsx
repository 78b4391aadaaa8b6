import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { hostMessages } from '../messages';

const text = hostMessages.ops;

export const OPS_SECTIONS = ['rollouts', 'applications', 'activities'] as const;
export type OpsSection = (typeof OPS_SECTIONS)[number];

export function isOpsSection(value: string | null): value is OpsSection {
  return value !== null && (OPS_SECTIONS as readonly string[]).includes(value);
}

export const tabId = (section: OpsSection) => `ops-tab-${section}`;
export const panelId = (section: OpsSection) => `ops-panel-${section}`;

const List = styled.div`
  display: flex;
  flex: 1;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  padding: 8px 16px;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.brand};
    font-weight: 600;
  }
`;

/**
 * The ops page's sections as ARIA tabs: one tab stop, arrow keys (and Home / End) move between
 * them and choose, as the WAI-ARIA tabs pattern with automatic activation.
 */
export function OpsTabs({ current, onChange }: { current: OpsSection; onChange: (section: OpsSection) => void }) {
  const tabs = useRef(new Map<OpsSection, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = OPS_SECTIONS.indexOf(current);
    const last = OPS_SECTIONS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const section = OPS_SECTIONS[next] as OpsSection;
    onChange(section);
    tabs.current.get(section)?.focus();
  };

  return (
    <List role="tablist" aria-label={text.sections} onKeyDown={move}>
      {OPS_SECTIONS.map((section) => (
        <Tab
          key={section}
          ref={(element) => {
            if (element) tabs.current.set(section, element);
            else tabs.current.delete(section);
          }}
          type="button"
          role="tab"
          id={tabId(section)}
          aria-selected={section === current}
          aria-controls={panelId(section)}
          tabIndex={section === current ? 0 : -1}
          data-testid={`ops-tab-${section}`}
          onClick={() => onChange(section)}
        >
          {text.tabs[section]}
        </Tab>
      ))}
    </List>
  );
}
