import { useAtom } from 'jotai';
import { historyListAtom } from '@sports/shared';
import { addToHistory, removeFromHistory, sanitizeHistory } from './searchHistory';

/** The saved search history (localStorage key historyList) and the three ways to change it. */
export function useSearchHistory() {
  const [stored, setStored] = useAtom(historyListAtom);
  return {
    history: sanitizeHistory(stored),
    add: (text: string) => setStored((current) => addToHistory(sanitizeHistory(current), text)),
    remove: (text: string) => setStored((current) => removeFromHistory(sanitizeHistory(current), text)),
    clear: () => setStored([]),
  };
}
