import { useSyncExternalStore } from 'react';

/**
 * Below this width (phones, small tablets in portrait) the sidebar becomes a drawer, the header keeps only
 * the menu button and the facility, and dialogs fill the screen. app.css uses the same width. (In lib/ui so feature pages that lay out differently on a phone can use it too.)
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is narrower than the layout's breakpoint; follows resizes and rotations. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}
