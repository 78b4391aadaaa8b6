import styled from 'styled-components';
import { Button, Select as KitSelect, TextInput } from '@sports/shared';

/** Looks of the login modal's form: its fields are the kit's `Field`, its buttons the kit's `Button`. */

/** The fields of the form, one under the other (inside a plain <form>). */
export const FormStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

/** A field that is not one labelled control (the captcha's group). */
export const FieldGroup = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

export const Row = styled.div`
  display: flex;
  gap: 8px;
`;

/** An input that takes the rest of its row (beside the country code, beside the SMS button). */
export const Input = styled(TextInput)`
  flex: 1 1 auto;
`;

export const Select = styled(KitSelect)`
  flex: none;
  width: 130px;
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.small};
`;

/** The SMS button beside the code input; shows the countdown while disabled. */
export const SideButton = styled(Button)`
  && {
    flex: none;
    min-width: 120px;
    min-height: 38px;
    padding: 0 12px;
    border-color: ${({ theme }) => theme.colors.brandDark};
    color: ${({ theme }) => theme.colors.brandDark};
  }
  &&:disabled {
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
    cursor: default;
  }
`;

export const Links = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 12px;
`;

/** Mode switches look like links but change the form, not the page. */
export const LinkButton = styled(Button)`
  && {
    padding: 0;
    border: 0;
    background: none;
    color: ${({ theme }) => theme.colors.brandDark};
    text-decoration: underline;
  }
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
