import { useId, useState } from 'react';
import styled from 'styled-components';
import { Switch, TextButton, type DanmakuSetting } from '@sports/shared';
import { danmakuCopy } from '../messages';
import { DANMAKU_AREA_SHARES, DANMAKU_FONT_SIZES_PX, DANMAKU_OPACITY_MAX, DANMAKU_OPACITY_MIN, DANMAKU_OPACITY_STEP } from './danmakuLevels';

const Wrapper = styled.div`
  position: relative;
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  bottom: calc(100% + 6px);
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 240px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 4px 16px rgb(0 0 0 / 15%);

  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    margin-bottom: 4px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface DanmakuSettingsProps {
  setting: DanmakuSetting;
  onChange: (setting: DanmakuSetting) => void;
}

/** The danmakuSystem settings (show, area, size, opacity) behind one button; changes apply at once. */
export function DanmakuSettings({ setting, onChange }: DanmakuSettingsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const opacityId = useId();
  const change = (patch: Partial<DanmakuSetting>) => onChange({ ...setting, ...patch });

  return (
    <Wrapper onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <TextButton type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {danmakuCopy.settings}
      </TextButton>
      {open && (
        <Panel id={panelId} role="group" aria-label={danmakuCopy.settings}>
          <Switch label={danmakuCopy.show} checked={setting.show} onChange={(show) => change({ show })} />
          <LevelChoice legend={danmakuCopy.area} levels={Object.keys(DANMAKU_AREA_SHARES).map(Number)} labels={danmakuCopy.areaLevels} value={setting.area} onChange={(area) => change({ area })} />
          <LevelChoice legend={danmakuCopy.size} levels={Object.keys(DANMAKU_FONT_SIZES_PX).map(Number)} labels={danmakuCopy.sizeLevels} value={setting.size} onChange={(size) => change({ size })} />
          <label htmlFor={opacityId}>
            {danmakuCopy.opacity} {setting.opacity}%
          </label>
          <input
            id={opacityId}
            type="range"
            min={DANMAKU_OPACITY_MIN}
            max={DANMAKU_OPACITY_MAX}
            step={DANMAKU_OPACITY_STEP}
            value={setting.opacity}
            onChange={(event) => change({ opacity: Number(event.target.value) })}
          />
        </Panel>
      )}
    </Wrapper>
  );
}

interface LevelChoiceProps {
  legend: string;
  levels: number[];
  labels: Record<number, string>;
  value: number;
  onChange: (level: number) => void;
}

function LevelChoice({ legend, levels, labels, value, onChange }: LevelChoiceProps) {
  const name = useId();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {levels.map((level) => (
        <label key={level}>
          <input type="radio" name={name} value={level} checked={value === level} onChange={() => onChange(level)} /> {labels[level] ?? level}
        </label>
      ))}
    </fieldset>
  );
}
