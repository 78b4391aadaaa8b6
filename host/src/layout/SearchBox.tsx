import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, MAX_LENGTH, TextInput } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { hostMessages } from '../messages';
import { onDemand } from '../app/onDemand';
import { useDismiss } from './useDismiss';
import { useHotMatches } from './useHotMatches';
import { useSearchHistory } from './useSearchHistory';

const text = hostMessages.search;

/**
 * The panel (history and hot matches) is its own chunk (issue 38: the first visit's bytes): it
 * opens only on focus, and is fetched when the box is pointed at, focused or touched. Unit tests
 * await `searchPanel.load()` first, so the box behaves as it does once loaded.
 */
export const searchPanel = onDemand(() => import(/* webpackChunkName: "search-panel" */ './SearchPanel'));

/* The white pill in the header, around a plain <form>; the search panel opens under it. */
const Pill = styled.div`
  position: relative;
  flex: 0 1 260px;
  min-width: 160px;
  border-radius: 17px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  height: 34px;
`;

/* The kit's TextInput (16 px on a phone, its focus ring) without its box: the pill is the box. */
const Input = styled(TextInput)`
  flex: 1;
  height: 100%;
  min-height: 0;
  padding: 0 12px;
  border: 0;
  border-radius: 17px 0 0 17px;
  background: transparent;

  &:focus-visible {
    outline-offset: -2px;
  }
`;

const SubmitButton = styled(Button).attrs({ variant: 'primary' as const })`
  && {
    flex: none;
    height: 100%;
    padding: 0 14px;
    border: 0;
    border-radius: 0 17px 17px 0;
  }
`;

/**
 * The header's search: at most 10 characters; while focused it offers the saved history and the
 * hot matches. A search opens the search page in a new tab, so the current stream keeps playing.
 */
export function SearchBox() {
  const services = useHostServices();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const { history, add, remove, clear } = useSearchHistory();
  const hotNames = useHotMatches(open);
  const SearchPanel = searchPanel.useLoaded(open)?.SearchPanel;

  useDismiss(formRef, open, () => setOpen(false));

  function search(raw: string) {
    // Hot names can be longer than the box allows; the search API takes 10 characters too.
    const name = raw.trim().slice(0, MAX_LENGTH.search);
    if (!name) return;
    add(name);
    setOpen(false);
    services.navigate(`/search?name=${encodeURIComponent(name)}`, { newTab: true });
  }

  // The button pressed goes with its section when that empties: the focus goes back to the box.
  function removeEntry(entry: string) {
    if (history.length === 1) inputRef.current?.focus();
    remove(entry);
  }
  function clearAll() {
    inputRef.current?.focus();
    clear();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    search(query);
  }

  return (
    <Pill onPointerEnter={searchPanel.preload} onFocus={searchPanel.preload} onTouchStart={searchPanel.preload}>
      <form role="search" ref={formRef} onSubmit={onSubmit}>
        <Row>
          <Input
            ref={inputRef}
            type="search"
            aria-label={text.label}
            placeholder={text.placeholder}
            maxLength={MAX_LENGTH.search}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={() => setOpen(true)}
            onClick={() => setOpen(true)}
          />
          <SubmitButton type="submit">{text.submit}</SubmitButton>
        </Row>
        {open && SearchPanel && (history.length > 0 || hotNames.length > 0) && (
          <SearchPanel id={panelId} history={history} hotNames={hotNames} onChoose={search} onDelete={removeEntry} onClear={clearAll} />
        )}
      </form>
    </Pill>
  );
}
