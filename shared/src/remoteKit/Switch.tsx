import styled from 'styled-components';

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  cursor: pointer;
  user-select: none;

  input {
    appearance: none;
    position: relative;
    width: 34px;
    height: 20px;
    margin: 0;
    border-radius: 10px;
    background: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    transition: background 0.15s;
  }
  input::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    transition: transform 0.15s;
  }
  input:checked {
    background: ${({ theme }) => theme.colors.success};
  }
  input:checked::after {
    transform: translateX(14px);
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: 2px;
  }
`;

export interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a checkbox with role switch, labelled by its text. */
export function Switch({ label, checked, onChange }: SwitchProps) {
  return (
    <Label>
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </Label>
  );
}
