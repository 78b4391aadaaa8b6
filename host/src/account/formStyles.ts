import styled, { css } from 'styled-components';

/** Looks of the login modal's form. */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

export const Label = styled.label`
  font-weight: 600;
`;

export const Row = styled.div`
  display: flex;
  gap: 8px;
`;

/** Inputs and the select: one box look, one focus ring. */
const fieldBox = css`
  height: 38px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brandDark};
    outline-offset: -1px;
  }
`;

export const Input = styled.input`
  ${fieldBox}
  flex: 1 1 auto;
  min-width: 0;
  padding: 0 10px;

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const Select = styled.select`
  ${fieldBox}
  flex: none;
  width: 130px;
  padding: 0 6px;
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.small};
`;

/** The SMS button beside the code input; shows the countdown while disabled. */
export const SideButton = styled.button`
  flex: none;
  min-width: 120px;
  height: 38px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.colors.brandDark};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.brandDark};
  font: inherit;
  cursor: pointer;

  &:disabled {
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: default;
  }
`;

export const SubmitButton = styled.button`
  height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.brandDark};
  color: ${({ theme }) => theme.colors.textInverse};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:disabled {
    opacity: 0.6;
    cursor: default;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.text};
    outline-offset: 2px;
  }
`;

export const Links = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

/** Mode switches look like links but change the form, not the page. */
export const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.brandDark};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

export const SwitchLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.brandDark};
  }
`;
