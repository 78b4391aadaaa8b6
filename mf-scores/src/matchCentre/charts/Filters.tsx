import styled from 'styled-components';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { matchCentreCopy } from '../matchCentreCopy';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  margin-bottom: 8px;
`;

export interface FilterSpec {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A chart's filters: labelled selects in a row (a group named 筛选). */
export function Filters({ filters }: { filters: readonly FilterSpec[] }) {
  return (
    <Row role="group" aria-label={matchCentreCopy.filters}>
      {filters.map((filter) => (
        <LabelledSelect key={filter.label} {...filter} />
      ))}
    </Row>
  );
}

/** 全部 / home / away: the team filter every chart shares. */
export const teamOptions = (home: string, away: string) => [
  { value: 'all', label: matchCentreCopy.all },
  { value: 'home', label: home },
  { value: 'away', label: away },
];
