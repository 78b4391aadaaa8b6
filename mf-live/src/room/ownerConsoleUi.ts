import { createElement, forwardRef, type FormHTMLAttributes } from 'react';
import styled from 'styled-components';

/** The owner console's pieces: a wrapping row of label + control + button, a list of rows, a note. */
const ConsoleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 8px;

  input:not([type='file']),
  select {
    min-width: 160px;
    padding: 6px 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
  }
`;

/** A plain <form> (its props: onSubmit, a name, a role, a test id) laying its fields out as a ConsoleRow. */
export const ConsoleForm = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement>>(function ConsoleForm({ children, ...form }, ref) {
  return createElement('form', { ...form, ref }, createElement(ConsoleRow, null, children));
});

export const ConsoleList = styled.ul`
  margin: 8px 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 6px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: none;
  }
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    object-fit: cover;
  }
  .grow {
    flex: 1;
    min-width: 0;
  }
`;

/** A muted line inside a section (empty lists, hints, limits). */
export const ConsoleNote = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.small};
`;

/** A refusal the user can act on, announced. */
export const ConsoleError = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const TOAST_MS = 2_000;
