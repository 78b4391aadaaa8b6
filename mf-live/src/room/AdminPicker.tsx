import { useId, useState, type FormEvent } from 'react';
import { FOLLOWER_KEYWORD_MAX, LoadView, Button, useLoad, type RemoteContext, type RoomAdminList } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { FOLLOWER_PAGE_SIZE, liveApi } from '../api/liveApi';
import { adminCopy } from '../messages';
import { safeImage } from '../ui/RoomCard';
import { ConsoleForm, ConsoleList, ConsoleNote, TOAST_MS } from './ownerConsoleUi';

export interface AdminPickerProps {
  context: RemoteContext;
  roomId: number;
  /** The room's admins now (the panel's list decides who is one, not the search's `is_admin`). */
  adminIds: readonly number[];
  /** The room has `max` admins: nothing can be added. */
  full: boolean;
  /** setRoomAdmin answered the new list. */
  onChanged: (admins: RoomAdminList) => void;
}

/**
 * Adds a room admin picked from the anchor's own followers (`GET api/Live/followerList?keyword=`,
 * a nickname fragment, paged), one `setRoomAdmin … type=1` per pick.
 */
export function AdminPicker({ context, roomId, adminIds, full, onChanged }: AdminPickerProps) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });
  const [pending, setPending] = useState<number | null>(null);
  const inputId = useId();
  const headingId = useId();
  const followers = useLoad(`followers:${query.keyword}:${query.page}`, () => liveApi(context.api).followerList(query.keyword, query.page));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ keyword: draft.trim(), page: 1 });
  };

  const add = async (userId: number, name: string) => {
    if (full || pending !== null) return;
    setPending(userId);
    try {
      onChanged(await liveApi(context.api).setRoomAdmin(roomId, userId, 1));
      context.eventBus.emit('toast', { kind: 'success', message: adminCopy.added(name), durationMs: TOAST_MS });
    } catch {
      // The API client has shown why (the limit, a user gone…).
    } finally {
      setPending(null);
    }
  };

  return (
    <div data-testid="admin-picker">
      <h4 id={headingId}>{adminCopy.pickHeading}</h4>
      <ConsoleForm role="search" aria-labelledby={headingId} onSubmit={search}>
        <label htmlFor={inputId}>{adminCopy.search}</label>
        <input
          id={inputId}
          type="search"
          data-testid="admin-search-input"
          value={draft}
          maxLength={FOLLOWER_KEYWORD_MAX}
          placeholder={adminCopy.searchPlaceholder}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" data-testid="admin-search-button">
          {adminCopy.searchButton}
        </Button>
      </ConsoleForm>
      <LoadView state={followers.state} failed={adminCopy.followersFailed} onRetry={followers.retry}>
        {(page) =>
          page.list.length === 0 ? (
            <ConsoleNote>{query.keyword === '' ? adminCopy.noFollowers : adminCopy.noMatches(query.keyword)}</ConsoleNote>
          ) : (
            <>
              <ConsoleList aria-label={adminCopy.results} data-testid="follower-results">
                {page.list.map((follower) => {
                  const avatar = safeImage(follower.avatar);
                  const isAdmin = adminIds.includes(follower.user_id);
                  return (
                    <li key={follower.user_id} data-testid="follower-item">
                      {avatar && <img src={avatar} alt={adminCopy.avatar(follower.user_nickname)} />}
                      <span className="grow">{follower.user_nickname}</span>
                      {isAdmin ? (
                        <span>{adminCopy.isAdmin}</span>
                      ) : (
                        <Button
                          type="button"
                          data-testid="add-admin"
                          aria-label={adminCopy.addLabel(follower.user_nickname)}
                          disabled={full || pending !== null}
                          onClick={() => void add(follower.user_id, follower.user_nickname)}
                        >
                          {adminCopy.add}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ConsoleList>
              <Pager page={page.page} total={page.total} pageSize={FOLLOWER_PAGE_SIZE} onPage={(next) => setQuery((current) => ({ ...current, page: next }))} />
            </>
          )
        }
      </LoadView>
    </div>
  );
}
