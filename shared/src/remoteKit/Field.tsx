import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * The one look of a form control (remoteKit/CONTEXT.md): a bordered box, a focus ring, a red
 * border while `aria-invalid="true"`, and 16 px text on a phone (iOS Safari zooms into a field
 * set smaller when it gets focus).
 */
const controlLook = css`
  box-sizing: border-box;
  min-width: 0;
  min-height: 38px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brandDark};
    outline-offset: -1px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.background};
    cursor: not-allowed;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    font-size: 16px;
  }
`;

/** A text input (text, password, tel, search, url): give it `{...control}` inside a `Field`. */
export const TextInput = styled.input`
  ${controlLook}
`;

/** A multi-line text field, grown by the user downwards only. */
export const TextArea = styled.textarea`
  ${controlLook}
  min-height: 72px;
  resize: vertical;
`;

/** A native select, the same box as the inputs. */
export const Select = styled.select`
  ${controlLook}
  padding: 6px;
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const FieldLabel = styled.label`
  font-weight: 600;
`;

const FieldHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.small};
`;

/** What a Field gives its control: spread it onto the TextInput, TextArea or Select. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The control, handed the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  /** What to type (格式, 长度): always shown under the control and read with it. */
  hint?: ReactNode;
  /** The field's own problem: shown under the control, announced (role alert), the control marked invalid. */
  error?: string | null;
  /** The control's id (default: a useId). The hint is `${id}-hint`, the error `${id}-error`. */
  id?: string;
  /** `data-testid` of the error message. */
  errorTestId?: string;
  className?: string;
}

/** The ids a control is described by: its hint's and its error's, whichever are shown. */
export function fieldDescribedBy(id: string, hint: ReactNode, error: string | null | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value): value is string => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A labelled form control with its hint and error: the label names the control (`htmlFor`), the
 * hint and the error describe it (`aria-describedby`), an error marks it `aria-invalid` and is
 * announced when it appears (role alert).
 *
 *   <Field label="昵称" hint="1-16 个字" error={error}>
 *     {(control) => <TextInput {...control} value={value} onChange={…} />}
 *   </Field>
 */
export function Field({ label, children, hint, error, id: idProp, errorTestId, className }: FieldProps) {
  const ownId = useId();
  const id = idProp ?? ownId;
  const control: FieldControlProps = {
    id,
    'aria-describedby': fieldDescribedBy(id, hint, error),
    'aria-invalid': error ? true : undefined,
  };
  return (
    <FieldBox className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {children(control)}
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && (
        <FieldError id={`${id}-error`} role="alert" data-testid={errorTestId}>
          {error}
        </FieldError>
      )}
    </FieldBox>
  );
}
