import styled from 'styled-components';
import { Muted, PagePanel, type PointsInfo } from '@sports/shared';
import { intervalText, pointsCopy } from './pointsCopy';

const TaskList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  progress {
    width: 100%;
    max-width: 360px;
    height: 10px;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

const TaskTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: baseline;
  justify-content: space-between;
  max-width: 360px;
`;

/** 每日任务: watching and chatting today, each with its progress bar (awards paid of the day's cap) and points. */
export function TasksPanel({ info }: { info: PointsInfo }) {
  return (
    <PagePanel aria-labelledby="points-tasks-heading">
      <h2 id="points-tasks-heading">{pointsCopy.tasksHeading}</h2>
      <TaskList>
        {info.tasks.map((task) => {
          const copy = pointsCopy.tasks[task.key];
          const nameId = `points-task-${task.key}-name`;
          return (
            <li key={task.key} data-testid={`points-task-${task.key}`}>
              <TaskTop>
                <strong id={nameId}>{copy.name}</strong>
                <span data-testid={`points-task-${task.key}-progress`}>
                  {task.cap > 0 && task.done >= task.cap ? pointsCopy.taskDone : pointsCopy.progress(task.done, task.cap)} · {pointsCopy.taskEarned(task.earned)}
                </span>
              </TaskTop>
              <progress aria-labelledby={nameId} max={Math.max(task.cap, 1)} value={Math.min(task.done, task.cap)} />
              <Muted>{copy.how(intervalText(task.interval_seconds ?? 600), task.points_each)}</Muted>
            </li>
          );
        })}
      </TaskList>
    </PagePanel>
  );
}
