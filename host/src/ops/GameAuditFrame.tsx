import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Field, TextInput } from '@sports/shared';
import { DialogButton } from '../feedback/DialogButton';
import { gameAuditCopy } from './gameAuditCopy';
import { opsMessages } from './opsMessages';
import { ErrorText, Muted, Panel } from './opsStyles';

const text = gameAuditCopy.common;

/** The room filter as typed: '' → all rooms, digits → that room, anything else → 'invalid'. */
export function parseRoomFilter(typed: string): number | null | 'invalid' {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]{1,16}$/.test(trimmed)) return 'invalid';
  const id = Number(trimmed);
  return id >= 1 && Number.isSafeInteger(id) ? id : 'invalid';
}

/** The room filter's row (a plain form inside: the kit's rule, noHandRolledControls.test.ts). */
const FilterRow = styled.div`
  form {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: 12px;
    margin-bottom: 16px;
  }
`;

/** The filter's buttons, level with the input (under the field's label). */
const FilterActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 28px;
`;

export interface GameAuditFrameProps {
  heading: string;
  /** The section's test id prefix: `<prefix>-room-filter`, `-search`, `-more`. */
  testIdPrefix: string;
  roomId: number | null;
  showRoom: (roomId: number | null) => void;
  reload: () => Promise<unknown>;
  loadError: string | null;
  loaded: boolean;
  /** Shown under the list when the route has more (a keyset cursor). */
  more: { loading: boolean; load: () => void } | null;
  children: ReactNode;
}

/**
 * An audit section's panel: its heading, the room filter (a room id, or empty for all; checked
 * here first), 全部直播间 and 刷新, the load error or 加载中, then the list and 加载更多.
 */
export function GameAuditFrame({ heading, testIdPrefix, roomId, showRoom, reload, loadError, loaded, more, children }: GameAuditFrameProps) {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRoomFilter(typed);
    setInvalid(parsed === 'invalid');
    if (parsed !== 'invalid') showRoom(parsed);
  };
  const showAll = () => {
    setTyped('');
    setInvalid(false);
    showRoom(null);
  };

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <FilterRow>
        <form onSubmit={onSubmit} role="search" aria-label={`${heading} ${text.roomFilter}`}>
          <Field label={text.roomFilter} hint={text.roomFilterHint} error={invalid ? text.roomFilterInvalid : null}>
            {(control) => <TextInput {...control} inputMode="numeric" maxLength={16} value={typed} onChange={(event) => setTyped(event.target.value)} data-testid={`${testIdPrefix}-room-filter`} />}
          </Field>
          <FilterActions>
            <DialogButton type="submit" data-variant="primary" data-testid={`${testIdPrefix}-search`}>
              {text.search}
            </DialogButton>
            <DialogButton type="button" onClick={showAll} disabled={roomId === null && typed === ''}>
              {text.all}
            </DialogButton>
            <DialogButton type="button" onClick={() => void reload()}>
              {opsMessages.ops.refresh}
            </DialogButton>
          </FilterActions>
        </form>
      </FilterRow>
      {loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${loadError}`}</ErrorText>}
      {!loaded ? !loadError && <Muted role="status">{opsMessages.ops.loading}</Muted> : children}
      {loaded && more && (
        <DialogButton type="button" disabled={more.loading} onClick={more.load} data-testid={`${testIdPrefix}-more`}>
          {text.more}
        </DialogButton>
      )}
    </Panel>
  );
}
