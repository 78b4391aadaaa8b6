import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};

  /* One line that scrolls sideways (many tabs on a phone): never a second row. */
  &[data-scroll='true'] {
    flex-wrap: nowrap;
    overflow-x: auto;
    overflow-y: hidden;
    overscroll-behavior-x: contain;
    scrollbar-width: none;
    -webkit-overflow-scrolling: touch;
  }
  &[data-scroll='true']::-webkit-scrollbar {
    display: none;
  }
  &[data-scroll='true'] > button {
    flex: none;
    margin-bottom: 0;
    white-space: nowrap;
  }
`;

const Tab = styled.button`
  margin-bottom: -2px;
  padding: 8px 16px;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.brand};
    color: ${({ theme }) => theme.colors.brandDark};
    font-weight: bold;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: -2px;
  }
`;

const PanelArea = styled.div`
  padding-top: 12px;
`;

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
}

export interface TabsProps<Key extends string> {
  label: string;
  items: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  children: ReactNode;
  /** A `data-testid` for each tab (journeys pick a tab by it), e.g. `(key) => \`ops-tab-${key}\``. */
  tabTestId?: (key: Key) => string;
  /**
   * The tabs stay on one line and scroll sideways when they do not fit (a match's many sections on
   * a phone), the selected one scrolled into view; by default they wrap.
   */
  scrollable?: boolean;
}

/** WAI-ARIA tabs: one tab stop, arrows/Home/End move between tabs; the panel is labelled by its tab. */
export function Tabs<Key extends string>({ label, items, selected, onSelect, children, tabTestId, scrollable = false }: TabsProps<Key>) {
  const baseId = useId();
  const refs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  useEffect(() => {
    if (!scrollable) return;
    const tab = refs.current.get(selected);
    // Only the tab row scrolls (block 'nearest': the page does not jump).
    if (typeof tab?.scrollIntoView === 'function') tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [scrollable, selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % items.length
      : event.key === 'ArrowLeft' ? (index - 1 + items.length) % items.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  };

  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown} data-scroll={scrollable ? 'true' : undefined}>
        {items.map((item) => (
          <Tab
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={tabId(item.key)}
            aria-selected={item.key === selected}
            aria-controls={panelId}
            tabIndex={item.key === selected ? 0 : -1}
            data-testid={tabTestId?.(item.key)}
            onClick={() => onSelect(item.key)}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      <PanelArea role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </PanelArea>
    </div>
  );
}
