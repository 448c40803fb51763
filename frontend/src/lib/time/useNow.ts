import { useEffect, useState } from 'react';

/** The clock, read again every `everyMs`: overdue marks and countdowns follow it without a reload. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
