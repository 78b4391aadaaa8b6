import styled from 'styled-components';
import { DialogButton } from '../feedback/DialogButton';

/** Looks of the ops page: plain tables and forms on the site's theme. */
export const Page = styled.section`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: 24px 16px 48px;
  color: ${({ theme }) => theme.colors.text};
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
`;

export const Panel = styled.section`
  margin-bottom: 24px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
`;

/**
 * A wide table scrolls sideways inside its panel. Focusable, so a keyboard can scroll it when no
 * row has a control left (axe scrollable-region-focusable, WCAG 2.1.1).
 */
export const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.body};

  caption {
    margin-bottom: 8px;
    text-align: left;
    font-weight: 600;
  }

  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }

  td[data-numeric] {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

export const Forms = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 12px;
  margin-top: 16px;
`;

export const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};

  legend {
    padding: 0 4px;
    font-weight: 600;
  }

  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }

  input,
  select {
    height: 34px;
    padding: 0 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }

  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

/** The site's button look (the dialogs'), kept to its content's width in a column form. */
export const SubmitButton = styled(DialogButton)`
  align-self: flex-start;
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export const StatusText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
