import { useAtom } from 'jotai';
import styled from 'styled-components';
import { gameSetingAtom, immediatelyAtom, type GameSetting, type ImmediatelySetting } from '@sports/shared';
import { Switch } from '@sports/shared/pageKit';
import { settingsCopy } from '../messages';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
`;

const Group = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

const Disclosure = styled.details`
  position: relative;

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.text};
  }
  &[open] > fieldset {
    position: absolute;
    right: 0;
    z-index: ${({ theme }) => theme.zIndex.dropdown};
    flex-direction: column;
    gap: 10px;
    min-width: 280px;
    margin-top: 8px;
    padding: 12px 16px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: 0 6px 20px rgba(0, 0, 0, 0.12);
  }
`;

const GAME_KEYS = ['red', 'yellow', 'voice'] as const satisfies readonly (keyof GameSetting)[];
const ALERT_KEYS = ['value1', 'value2', 'value3', 'value4'] as const satisfies readonly (keyof ImmediatelySetting)[];

/**
 * The saved scores settings (SPEC.md section 3): gameSeting red / yellow (show the cards) and
 * voice (the goal whistle), and the goal-alert settings `immediately` value1-value4 the host's
 * goal popups follow (host/src/goals/README.md says what each means).
 */
export function ScoreSettings() {
  const [game, setGame] = useAtom(gameSetingAtom);
  const [alerts, setAlerts] = useAtom(immediatelyAtom);
  return (
    <Bar>
      <Group>
        <legend>{settingsCopy.display}</legend>
        {GAME_KEYS.map((key) => (
          <Switch key={key} label={settingsCopy[key]} checked={game[key]} onChange={(checked) => setGame({ ...game, [key]: checked })} />
        ))}
      </Group>
      <Disclosure>
        <summary>{settingsCopy.alerts}</summary>
        <Group>
          <legend>{settingsCopy.alerts}</legend>
          {ALERT_KEYS.map((key) => (
            <Switch key={key} label={settingsCopy[key]} checked={alerts[key]} onChange={(checked) => setAlerts({ ...alerts, [key]: checked })} />
          ))}
        </Group>
      </Disclosure>
    </Bar>
  );
}
