// What the desktop shell says about the cloud on each answer (issue 6; shared/desktop.go OfflineSinceHeader).
// Outside the shell no answer carries the header, so this stays empty and nothing shows.
import { create } from 'zustand';
import { CodeOffline, OfflineSinceHeader } from '@/types/api.gen';

export interface OfflineState {
  /** Epoch ms when the data on screen was fetched, while the shell answers from its cache; null online. */
  since: number | null;
  /** The last read found nothing cached (code 4134): the page was never opened on this computer. */
  notCached: boolean;
}

export const useOfflineStore = create<OfflineState>(() => ({ since: null, notCached: false }));

/**
 * Notes one answer: the last answer wins. A cached answer sets `since`, a 4134 sets `notCached`, any
 * other answer from the cloud clears both. The shell's own calls (/desktop/*) never reach the cloud and
 * say nothing about it, so they change nothing.
 */
export function noteAnswer(path: string, headers: Pick<Headers, 'get'>, code: string | undefined): void {
  if (path.startsWith('/desktop/')) return;
  const raw = headers.get(OfflineSinceHeader);
  const since = raw !== null && /^[0-9]+$/.test(raw.trim()) ? Number(raw.trim()) : null;
  if (code === CodeOffline) {
    useOfflineStore.setState((s) => ({ since: since ?? s.since ?? Date.now(), notCached: true }));
    return;
  }
  useOfflineStore.setState({ since, notCached: false });
}
