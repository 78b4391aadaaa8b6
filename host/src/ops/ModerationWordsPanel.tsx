import { useId, useState } from 'react';
import styled from 'styled-components';
import { Field, SENSITIVE_WORD_INPUT_MAX, SENSITIVE_WORDS_PER_CHANGE_MAX, TextArea, type SensitiveWord } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { DialogButton } from '../feedback/DialogButton';
import { ColumnHeaders } from './ColumnHeaders';
import { moderationCopy } from './moderationCopy';
import type { OpsApi } from './opsApi';
import { opsTime } from './opsFormat';
import { ErrorText, Muted, Panel, StatusText, Table, TableScroll, Toolbar } from './opsStyles';
import { useSensitiveWords } from './useModeration';

const text = moderationCopy.words;

/** The add form's fields, one under the other (inside a plain <form>). */
const AddStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: 420px;
  margin: 12px 0;
`;

/** Words typed one a line or separated by commas (ASCII or full-width), trimmed, empty ones dropped. */
export function splitWords(input: string): string[] {
  return input
    .split(/[\n,，、]+/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

function WordRow({ word, onRemove }: { word: SensitiveWord; onRemove: (word: string) => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    await onRemove(word.word);
    setBusy(false);
    setConfirming(false);
  };
  return (
    <tr data-testid={`sensitive-word-row-${word.id}`}>
      <td>{word.word}</td>
      <td>{word.created_by}</td>
      <td>{opsTime(word.created_at)}</td>
      <td>
        <div role="group" aria-label={`${text.columns.actions} ${word.word}`} data-actions>
          {confirming ? (
            <>
              <DialogButton type="button" data-variant="primary" disabled={busy} onClick={() => void remove()} data-testid={`sensitive-word-confirm-remove-${word.id}`}>
                {text.confirmRemove}
              </DialogButton>
              <DialogButton type="button" disabled={busy} onClick={() => setConfirming(false)}>
                {text.keep}
              </DialogButton>
            </>
          ) : (
            <DialogButton type="button" onClick={() => setConfirming(true)} data-testid={`sensitive-word-remove-${word.id}`}>
              {text.remove}
            </DialogButton>
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * 敏感词 (`api/ops/moderation/words`): the one word list every published text goes through
 * (server/src/moderation/). Add several at once, remove one after a confirm; the server
 * normalises them and applies the change at once on every node.
 */
export function ModerationWordsPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const words = useSensitiveWords(api, onForbidden);
  const [input, setInput] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const add = async () => {
    setStatus(null);
    const list = splitWords(input);
    if (list.length === 0) return setError(text.nothingToAdd);
    if (list.some((word) => [...word].length > SENSITIVE_WORD_INPUT_MAX)) return setError(text.tooLong);
    if (list.length > SENSITIVE_WORDS_PER_CHANGE_MAX) return setError(text.tooMany(SENSITIVE_WORDS_PER_CHANGE_MAX));
    const outcome = await words.change({ add: list });
    if (!outcome.ok) return setError(outcome.error);
    setError(null);
    setInput('');
    setStatus(text.added(outcome.result.added.length, list.length - outcome.result.added.length));
  };

  const remove = async (word: string) => {
    setStatus(null);
    const outcome = await words.change({ remove: [word] });
    if (!outcome.ok) return setError(outcome.error);
    setError(null);
    setStatus(text.removed(word));
  };

  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <Muted>{text.intro}</Muted>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <AddStack>
          <Field label={text.addLabel}>
            {(control) => (
              <TextArea {...control} value={input} onChange={(event) => setInput(event.target.value)} data-testid="sensitive-word-input" aria-invalid={error !== null} />
            )}
          </Field>
          <Toolbar>
            <DialogButton type="submit" data-variant="primary" data-testid="sensitive-word-add">
              {text.add}
            </DialogButton>
            <DialogButton type="button" onClick={() => void words.reload()}>
              {opsMessages.ops.refresh}
            </DialogButton>
          </Toolbar>
        </AddStack>
      </form>
      {status && (
        <StatusText role="status" data-testid="sensitive-word-status">
          {status}
        </StatusText>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {words.loadError && <ErrorText role="alert">{`${opsMessages.ops.loadFailed}${words.loadError}`}</ErrorText>}
      {!words.list ? (
        !words.loadError && <Muted role="status">{opsMessages.ops.loading}</Muted>
      ) : (
        <TableScroll>
          <Table data-testid="sensitive-words">
            <caption>{text.caption(words.list.words.length, words.list.max)}</caption>
            <ColumnHeaders titles={[text.columns.word, text.columns.createdBy, text.columns.createdAt, text.columns.actions]} />
            <tbody>
              {words.list.words.map((word) => (
                <WordRow key={word.id} word={word} onRemove={remove} />
              ))}
            </tbody>
          </Table>
          {words.list.words.length === 0 && <Muted>{text.empty}</Muted>}
        </TableScroll>
      )}
    </Panel>
  );
}
