import type { ReactNode } from 'react';
import styled from 'styled-components';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  max-width: 480px;
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;

  label {
    font-weight: 600;
  }
  input,
  select,
  textarea {
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 1px;
  }
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const Notice = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

export interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** The field's own error, tied to the control by aria-describedby. */
  error?: string | null;
  /** The control; give it `id` and `aria-describedby={describedBy(id, …)}`. */
  children: ReactNode;
}

/** The ids a control is described by: its hint and its error. */
export function describedBy(id: string, hint: string | undefined, error: string | null | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value): value is string => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled form control with an optional hint and error. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldBox>
  );
}

export const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    gap: 0 16px;
    a {
      display: inline-flex;
      align-items: center;
      min-width: 44px;
      min-height: 44px;
    }
  }
`;

export const PlainList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  img {
    width: 32px;
    height: 32px;
    border-radius: 50%;
    object-fit: cover;
  }
  a {
    color: ${({ theme }) => theme.colors.brandDark};
  }
`;
