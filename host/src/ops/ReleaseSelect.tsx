import { useState } from 'react';
import type { RolloutState } from '@sports/shared';

type Release = RolloutState['releases'][number];

/**
 * The release a form acts on: what was picked, while it is still a choice after the state
 * reloads; else the candidate, else the first choice (the newest). `forget()` after the
 * operation is done.
 */
export function useReleaseChoice(state: RolloutState, choices: readonly Release[]) {
  const [picked, setPicked] = useState<string | null>(null);
  const fallback = state.candidate ?? choices[0]?.releaseId ?? '';
  const chosen = picked !== null && choices.some((release) => release.releaseId === picked) ? picked : fallback;
  return { chosen, pick: setPicked, forget: () => setPicked(null) };
}

/** A labelled list of release ids. */
export function ReleaseSelect({ label, choices, value, onChange }: { label: string; choices: readonly Release[]; value: string; onChange: (releaseId: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((release) => (
          <option key={release.releaseId} value={release.releaseId}>
            {release.releaseId}
          </option>
        ))}
      </select>
    </label>
  );
}
