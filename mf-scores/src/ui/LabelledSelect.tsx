import { useId } from 'react';
import styled from 'styled-components';
import { Select } from '@sports/shared';

/** The kit's select, a little apart from its label on the same line. */
const InlineSelect = styled(Select)`
  margin-left: 6px;
`;

export interface LabelledSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A select with its visible label. */
export function LabelledSelect({ label, value, options, onChange }: LabelledSelectProps) {
  const id = useId();
  return (
    <span>
      <label htmlFor={id}>{label}</label>
      <InlineSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </InlineSelect>
    </span>
  );
}
