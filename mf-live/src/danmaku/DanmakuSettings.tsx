import { useId } from 'react';
import styled from 'styled-components';
import { Button, type DanmakuSetting } from '@sports/shared';
import { Popover, Switch } from '@sports/shared/pageKit';
import { danmakuCopy } from '../messages';
import { DANMAKU_AREA_SHARES, DANMAKU_FONT_SIZES_PX, DANMAKU_OPACITY_MAX, DANMAKU_OPACITY_MIN, DANMAKU_OPACITY_STEP } from './danmakuLevels';

const Settings = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;

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

/** The danmakuSystem settings (show, area, size, opacity) in a popover over the video; changes apply at once. */
export function DanmakuSettings({ setting, onChange }: DanmakuSettingsProps) {
  const opacityId = useId();
  const change = (patch: Partial<DanmakuSetting>) => onChange({ ...setting, ...patch });

  return (
    <Popover title={danmakuCopy.settings} placement="top-end" width={280} trigger={(props) => <Button {...props} size="small">{danmakuCopy.settings}</Button>}>
      <Settings>
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
      </Settings>
    </Popover>
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
