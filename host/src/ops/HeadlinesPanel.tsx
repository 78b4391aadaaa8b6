import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { chinaMinuteText, type HeadlineCategory, type HeadlineState, type OpsHeadline, type OpsHeadlineWrite } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ColumnHeaders } from './ColumnHeaders';
import { type HeadlinesApi, createHeadlinesApi } from './HeadlinesApi';
import { headlinesCopy as text } from './HeadlinesCopy';
import { HeadlinesEditor } from './HeadlinesEditor';
import { failureMessage } from './opsFailure';
import { ErrorText, Muted, Panel, Table, TableScroll, Toolbar } from './opsStyles';
import { readOpsToken } from './opsToken';

const ArticleTable = styled(Table)`
  td[data-title] {
    max-width: 320px;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  [data-actions] {
    display: flex;
    gap: 6px;
  }
`;

const EditorBox = styled.div`
  max-width: 720px;
  margin-top: 16px;
`;

const STATES: HeadlineState[] = ['draft', 'published', 'hidden'];

/** When a headline went out, in China time ('2026-11-22 19:30'), whatever the ops browser's zone. */
function formatTime(iso: string | null): string {
  return iso === null ? text.notPublished : chinaMinuteText(iso);
}

function HeadlineRow({ headline, categoryName, onEdit, onState }: { headline: OpsHeadline; categoryName: string; onEdit: () => void; onState: (state: HeadlineState) => Promise<string | null> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (state: HeadlineState) => {
    setBusy(true);
    setError(await onState(state));
    setBusy(false);
  };
  return (
    <tr data-testid={`headline-row-${headline.id}`} data-state={headline.state}>
      <td data-title title={headline.title}>
        {headline.title}
      </td>
      <td>{categoryName}</td>
      <td data-testid={`headline-state-${headline.id}`}>{text.states[headline.state]}</td>
      <td>{text.sources[headline.source]}</td>
      <td>{formatTime(headline.published_at)}</td>
      <td data-numeric>{headline.view_count}</td>
      <td data-numeric>{headline.like_count}</td>
      <td>
        <div role="group" aria-label={`${text.columns.actions} ${headline.title}`} data-actions>
          <DialogButton type="button" onClick={onEdit} data-testid={`headline-edit-${headline.id}`}>
            {text.edit}
          </DialogButton>
          {headline.state !== 'published' ? (
            <DialogButton type="button" disabled={busy} onClick={() => void change('published')} data-testid={`headline-publish-${headline.id}`}>
              {text.publish}
            </DialogButton>
          ) : (
            <DialogButton type="button" disabled={busy} onClick={() => void change('draft')} data-testid={`headline-unpublish-${headline.id}`}>
              {text.unpublish}
            </DialogButton>
          )}
          {headline.state !== 'hidden' && (
            <DialogButton type="button" disabled={busy} onClick={() => void change('hidden')} data-testid={`headline-hide-${headline.id}`}>
              {text.hide}
            </DialogButton>
          )}
        </div>
        {error && <ErrorText role="alert">{error}</ErrorText>}
      </td>
    </tr>
  );
}

/**
 * 头条编辑 (`api/ops/headlines`): every article (drafts, published, hidden; match reports and the
 * seed too), newest update first by cursor; write and edit in Markdown with a preview rendered by
 * the server exactly as the article page shows it; publish, unpublish, hide. The server audits
 * every change. Its refusals show in place.
 */
export function HeadlinesPanel({ onForbidden, api: given }: { onForbidden: () => void; api?: HeadlinesApi }) {
  const api = useMemo(() => given ?? createHeadlinesApi(readOpsToken() ?? '', opsMessages.ops.forbidden), [given]);
  const [categories, setCategories] = useState<HeadlineCategory[] | null>(null);
  const [state, setState] = useState<HeadlineState | null>(null);
  const [list, setList] = useState<OpsHeadline[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<OpsHeadline | null>(null);
  const headingId = useId();
  const filterId = useId();

  const load = useCallback(
    async (which: HeadlineState | null) => {
      try {
        const page = await api.list(which, null);
        setList(page.list);
        setNext(page.next_cursor);
        setLoadError(null);
      } catch (error) {
        setLoadError(failureMessage(error, onForbidden));
      }
    },
    [api, onForbidden],
  );

  useEffect(() => {
    api.categories().then(setCategories, (error: unknown) => setLoadError(failureMessage(error, onForbidden)));
  }, [api, onForbidden]);

  useEffect(() => {
    void load(state);
  }, [load, state]);

  const loadMore = async () => {
    if (next === null) return;
    try {
      const page = await api.list(state, next);
      setList((current) => [...(current ?? []), ...page.list]);
      setNext(page.next_cursor);
    } catch (error) {
      setLoadError(failureMessage(error, onForbidden));
    }
  };

  const save = async (write: OpsHeadlineWrite, publish: boolean): Promise<string | null> => {
    try {
      const saved = editing ? await api.edit(editing.id, write) : await api.create(write);
      if (publish && saved.state !== 'published') await api.setState(saved.id, 'published');
    } catch (error) {
      return failureMessage(error, onForbidden);
    }
    await load(state);
    return null;
  };

  const changeState = async (id: number, target: HeadlineState): Promise<string | null> => {
    try {
      await api.setState(id, target);
    } catch (error) {
      return failureMessage(error, onForbidden);
    }
    await load(state);
    return null;
  };

  const preview = async (body: string) => {
    try {
      return { html: (await api.preview(body)).body_html };
    } catch (error) {
      return { error: failureMessage(error, onForbidden) };
    }
  };

  const names = new Map((categories ?? []).map((category) => [category.key, category.name]));
  const columns = text.columns;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Toolbar>
        <label htmlFor={filterId}>{text.stateFilter}</label>
        <select id={filterId} value={state ?? ''} onChange={(event) => setState(event.target.value === '' ? null : (event.target.value as HeadlineState))} data-testid="headline-state-filter">
          <option value="">{text.allStates}</option>
          {STATES.map((value) => (
            <option key={value} value={value}>
              {text.states[value]}
            </option>
          ))}
        </select>
        <DialogButton type="button" onClick={() => void load(state)}>
          {opsMessages.ops.refresh}
        </DialogButton>
      </Toolbar>
      {loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${loadError}`}</ErrorText>}
      {list === null ? (
        !loadError && <Muted role="status">{opsMessages.ops.loading}</Muted>
      ) : (
        <>
          <TableScroll>
            <ArticleTable data-testid="ops-headlines">
              <caption>{text.caption(list.length)}</caption>
              <ColumnHeaders titles={[columns.title, columns.category, columns.state, columns.source, columns.published, columns.views, columns.likes, columns.actions]} />
              <tbody>
                {list.map((headline) => (
                  <HeadlineRow
                    key={headline.id}
                    headline={headline}
                    categoryName={names.get(headline.category) ?? headline.category}
                    onEdit={() => setEditing(headline)}
                    onState={(target) => changeState(headline.id, target)}
                  />
                ))}
              </tbody>
            </ArticleTable>
          </TableScroll>
          {list.length === 0 && <Muted>{text.empty}</Muted>}
          {next !== null && (
            <DialogButton type="button" onClick={() => void loadMore()} data-testid="headline-load-more">
              {text.loadMore}
            </DialogButton>
          )}
        </>
      )}
      {categories !== null && (
        <EditorBox>
          <HeadlinesEditor categories={categories} editing={editing} onSave={save} onPreview={preview} onCancelEdit={() => setEditing(null)} />
        </EditorBox>
      )}
    </Panel>
  );
}
