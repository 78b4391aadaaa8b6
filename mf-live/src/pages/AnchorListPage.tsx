import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { LoadView, Muted, RemotePageFrame, Tabs, useLoad, userInfoAtom, type LiveListType, type RemotePageProps } from '@sports/shared';
import { Pager } from '@sports/shared/pageKit';
import { liveApi, LIVE_LIST_PAGE_SIZE } from '../api/liveApi';
import { listCopy, liveTypeLabels, pageCopy } from '../messages';
import { CardGrid, liveFirst, RoomCard } from '../ui/RoomCard';

const LIST_TYPES: LiveListType[] = [0, 1, 2, 3, 4];

/** `anchor?type=` as a list type; anything else is 0 (all). */
export function parseListType(raw: string | undefined): LiveListType {
  const value = Number(raw);
  return LIST_TYPES.find((type) => type === value) ?? 0;
}

/** The live list (`#/anchor?type=0..4`): tabs by type, live rooms first, paged. */
export default function AnchorListPage({ context, location }: RemotePageProps) {
  const type = parseListType(location.query.type);
  const [page, setPage] = useState(1);
  const [pageType, setPageType] = useState(type);
  // A new type starts again at page 1.
  if (pageType !== type) {
    setPageType(type);
    setPage(1);
  }
  const user = useAtomValue(userInfoAtom);
  const { state, retry } = useLoad(`${type}:${page}`, () => liveApi(context.api).liveList(type, page));
  const tabs = LIST_TYPES.map((key) => ({ key: String(key), label: liveTypeLabels[key] ?? String(key) }));

  return (
    <RemotePageFrame remote="mf-live" page="anchor" title={pageCopy.anchor?.title ?? ''} aside={user?.is_anchor === 1 && <a href="#/live?mine=1">{listCopy.myRoom}</a>}>
      <Tabs label={listCopy.typeTabs} items={tabs} selected={String(type)} onSelect={(key) => context.navigate(`/anchor?type=${key}`, { replace: true })}>
        <LoadView announceFailure state={state} failed={listCopy.failed} onRetry={retry}>
          {(result) =>
            result.list.length === 0 ? (
              <Muted>{listCopy.empty}</Muted>
            ) : (
              <>
                <CardGrid>
                  {liveFirst(result.list).map((room) => (
                    <RoomCard key={room.room_id} room={room} />
                  ))}
                </CardGrid>
                <Pager page={page} total={result.total} pageSize={LIVE_LIST_PAGE_SIZE} onPage={setPage} />
              </>
            )
          }
        </LoadView>
      </Tabs>
    </RemotePageFrame>
  );
}
