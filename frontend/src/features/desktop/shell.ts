// Is this page inside the desktop shell, and what does the shell say (issue 6)? The Wails window has its
// bindings; a page served by `hearth-desktop --serve` has none, so it is recognised by a successful
// GET /api/desktop/status, asked only when the address says ?shell=desktop (remembered for the tab).
// A plain cloud session never sends that call.
import { create } from 'zustand';
import type { DesktopStatus } from '@/types/api.gen';
import { getDesktopStatus } from './api/desktopStatus';
import { hasBindings } from './bridge';

/** How often the shell's status is asked while in the shell. */
export const STATUS_POLL_MS = 5_000;
/** sessionStorage key that keeps ?shell=desktop for the tab, across redirects that drop the query. */
export const SHELL_HINT_KEY = 'hearth.shell';

type Detection = 'unknown' | 'probing' | 'desktop' | 'browser';

interface DesktopState {
  detection: Detection;
  /** The shell's last answer; null outside the shell or before the first answer. */
  status: DesktopStatus | null;
}

export const useDesktopStore = create<DesktopState>(() => ({ detection: 'unknown', status: null }));

/**
 * Whether to ask the shell for its status at all: bindings present, or ?shell=desktop now or earlier in
 * this tab. Records the hint from the address.
 */
export function desktopHinted(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, bindings: boolean): boolean {
  if (new URLSearchParams(search).get('shell') === 'desktop') {
    storage?.setItem(SHELL_HINT_KEY, 'desktop');
    return true;
  }
  return bindings || storage?.getItem(SHELL_HINT_KEY) === 'desktop';
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** True in the Wails window, and in a page the shell serves once its status answered. */
export function isDesktopShell(): boolean {
  return hasBindings() || useDesktopStore.getState().detection === 'desktop';
}

/** Asks the shell now; keeps the last good status when a poll fails. */
export async function refreshDesktopStatus(): Promise<DesktopStatus | null> {
  try {
    const status = await getDesktopStatus();
    useDesktopStore.setState({ detection: 'desktop', status });
    return status;
  } catch {
    return useDesktopStore.getState().status;
  }
}

let polling: ReturnType<typeof setInterval> | undefined;

/**
 * Detects the shell once at start (only when hinted) and then polls its status every 5 s. Resolves when
 * the detection is settled, so the first screen is the right one.
 */
export async function startDesktopShell(location: Pick<Location, 'search'>): Promise<void> {
  if (useDesktopStore.getState().detection !== 'unknown') return;
  const bindings = hasBindings();
  const storage = tabStorage();
  if (!desktopHinted(location.search, storage, bindings)) {
    useDesktopStore.setState({ detection: 'browser' });
    return;
  }
  useDesktopStore.setState({ detection: 'probing' });
  try {
    const status = await getDesktopStatus();
    useDesktopStore.setState({ detection: 'desktop', status });
  } catch {
    // A cloud asked by a stale hint answers 404: a browser after all, and not asked again in this tab.
    if (!bindings) {
      storage?.removeItem(SHELL_HINT_KEY);
      useDesktopStore.setState({ detection: 'browser' });
      return;
    }
    useDesktopStore.setState({ detection: 'desktop' });
  }
  polling ??= setInterval(() => void refreshDesktopStatus(), STATUS_POLL_MS);
}

/** For tests: forget the detection and stop polling. */
export function resetDesktopShell(): void {
  if (polling !== undefined) clearInterval(polling);
  polling = undefined;
  useDesktopStore.setState({ detection: 'unknown', status: null });
}
