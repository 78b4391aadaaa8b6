import { useState } from 'react';
import { readSidebarOpened, writeSidebarOpened } from './sidebarCookie';

/** Whether the left menu is open, read from its cookie at start and saved on every toggle. */
export function useSidebarStatus(): [opened: boolean, toggle: () => void] {
  const [opened, setOpened] = useState(readSidebarOpened);

  function toggle() {
    const next = !opened;
    writeSidebarOpened(next);
    setOpened(next);
  }

  return [opened, toggle];
}
