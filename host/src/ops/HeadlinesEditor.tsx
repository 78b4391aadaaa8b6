import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { HEADLINE_BODY_MAX, HEADLINE_SUMMARY_MAX, HEADLINE_TITLE_MAX, TextArea, type HeadlineCategory, type OpsHeadline, type OpsHeadlineWrite } from '@sports/shared';
import { DialogButton } from '../feedback/DialogButton';
import { headlinesCopy as text } from './HeadlinesCopy';
import { type HeadlineFormErrors, type HeadlineFormValues, emptyHeadlineForm, headlineFormOf, toHeadlineWrite, validateHeadlineForm } from './HeadlinesEditorForm';
import { OpsField } from './OpsField';
import { ErrorText, Fieldset, StatusText, Toolbar } from './opsStyles';

const BodyArea = styled(TextArea)`
  min-height: 220px;
  padding: 8px;
`;

const Preview = styled.section`
  margin-top: 12px;
  padding: 12px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  line-height: 1.7;

  img {
    max-width: 100%;
  }
`;

export interface HeadlinesEditorProps {
  categories: HeadlineCategory[];
  /** The article being edited, or null for a new one. */
  editing: OpsHeadline | null;
  /** Saves (create or edit) and, with `publish`, publishes; answers an error message or null. */
  onSave: (write: OpsHeadlineWrite, publish: boolean) => Promise<string | null>;
  /** The body rendered by the server exactly as the article page shows it (HTML the server made safe), or an error. */
  onPreview: (body: string) => Promise<{ html: string } | { error: string }>;
  onCancelEdit: () => void;
}

/** Write or edit an article: title, summary, category, cover, byline, Markdown body, related matches; preview; save or save and publish. */
export function HeadlinesEditor({ categories, editing, onSave, onPreview, onCancelEdit }: HeadlinesEditorProps) {
  const firstCategory = categories[0]?.key ?? 'general';
  const [values, setValues] = useState<HeadlineFormValues>(() => (editing ? headlineFormOf(editing) : emptyHeadlineForm(firstCategory)));
  const [errors, setErrors] = useState<HeadlineFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);
  const bodyId = useId();
  const bodyErrorId = useId();
  const categoryId = useId();
  const previewHeadingId = useId();

  // A new article to edit (or the categories' first changed): the form starts again from it. Not
  // on mount, whose state was made from the same: the passive effect can run after the editor is
  // on screen, and what was typed in between was wiped (HeadlinesPanel.test.tsx saw it).
  const formOf = useRef({ editing, firstCategory });
  useEffect(() => {
    if (formOf.current.editing === editing && formOf.current.firstCategory === firstCategory) return;
    formOf.current = { editing, firstCategory };
    setValues(editing ? headlineFormOf(editing) : emptyHeadlineForm(firstCategory));
    setErrors({});
    setOutcome(null);
    setPreview(null);
  }, [editing, firstCategory]);

  const field = (name: keyof HeadlineFormValues) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const save = async (publish: boolean) => {
    const found = validateHeadlineForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    const error = await onSave(toHeadlineWrite(values), publish);
    setBusy(false);
    if (error) {
      setOutcome({ ok: false, message: error });
      return;
    }
    setOutcome({ ok: true, message: publish ? text.published : text.saved });
    if (editing) onCancelEdit();
    else setValues(emptyHeadlineForm(firstCategory));
    setPreview(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  const showPreview = async () => {
    setPreview(await onPreview(values.body));
  };

  const legend = editing ? text.editLegend(editing.id) : text.createLegend;
  return (
    <form onSubmit={submit} aria-label={legend} noValidate data-testid="headline-form">
      <Fieldset disabled={busy}>
        <legend>{legend}</legend>
        <OpsField label={text.title} value={values.title} onValueChange={field('title')} maxLength={HEADLINE_TITLE_MAX} error={errors.title ?? null} data-testid="headline-title" />
        <OpsField label={text.summary} value={values.summary} onValueChange={field('summary')} maxLength={HEADLINE_SUMMARY_MAX} error={errors.summary ?? null} />
        <label htmlFor={categoryId}>{text.category}</label>
        <select id={categoryId} value={values.category} onChange={(event) => field('category')(event.target.value)} data-testid="headline-category">
          {categories.map((category) => (
            <option key={category.key} value={category.key}>
              {category.name}
            </option>
          ))}
        </select>
        <OpsField label={text.cover} value={values.cover} onValueChange={field('cover')} maxLength={300} inputMode="url" error={errors.cover ?? null} />
        <OpsField label={text.author} value={values.author} onValueChange={field('author')} maxLength={30} error={null} />
        <label htmlFor={bodyId}>{text.body}</label>
        <BodyArea
          id={bodyId}
          value={values.body}
          onChange={(event) => field('body')(event.target.value)}
          maxLength={HEADLINE_BODY_MAX}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? bodyErrorId : undefined}
          data-testid="headline-body"
        />
        {errors.body && (
          <ErrorText id={bodyErrorId} role="alert">
            {errors.body}
          </ErrorText>
        )}
        <OpsField label={text.matches} value={values.matches} onValueChange={field('matches')} inputMode="numeric" error={errors.matches ?? null} />
        <Toolbar>
          <DialogButton type="button" onClick={() => void showPreview()} data-testid="headline-preview">
            {text.preview}
          </DialogButton>
          <DialogButton type="submit" data-testid="headline-save">
            {text.save}
          </DialogButton>
          <DialogButton type="button" onClick={() => void save(true)} data-testid="headline-save-publish">
            {text.saveAndPublish}
          </DialogButton>
          {editing && (
            <DialogButton type="button" onClick={onCancelEdit}>
              {text.cancelEdit}
            </DialogButton>
          )}
        </Toolbar>
        {outcome &&
          (outcome.ok ? (
            <StatusText role="status" data-testid="headline-outcome">
              {outcome.message}
            </StatusText>
          ) : (
            <ErrorText role="alert" data-testid="headline-outcome">
              {outcome.message}
            </ErrorText>
          ))}
      </Fieldset>
      {preview && (
        <Preview aria-labelledby={previewHeadingId} data-testid="headline-preview-body">
          <h3 id={previewHeadingId}>{text.previewHeading}</h3>
          {'error' in preview ? (
            <ErrorText role="alert">{preview.error}</ErrorText>
          ) : (
            // The only HTML this page inserts: the server's renderer escapes every character of
            // the body and writes only its allowlisted tags (server/src/community/headlines/markdown.ts).
            <div dangerouslySetInnerHTML={{ __html: preview.html }} />
          )}
        </Preview>
      )}
    </form>
  );
}
