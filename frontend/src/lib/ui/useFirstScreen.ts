import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to draw: `first` (what the first screen shows) when the list first appears,
 * then all of them in a React transition, which draws the rest in small slices between the browser's
 * paints and taps instead of one long task (docs/performance.md, slow phones). `ready` is false while the
 * list is still loading, so that the first screen is counted from the moment it has items.
 */
export function useFirstScreen(first: number, ready = true): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (ready && !all) startTransition(() => setAll(true));
  }, [ready, all]);
  return all ? Number.POSITIVE_INFINITY : first;
}
