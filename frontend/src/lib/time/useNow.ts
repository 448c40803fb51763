import { useEffect, useState } from 'react';
import { onServerClockChange, serverNow } from './serverClock';

/**
 * The clock (the server's: lib/time/serverClock.ts), read again every `everyMs`, and at once when the
 * server's clock turns out to differ from the device's: overdue marks and countdowns follow it without a
 * reload.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const id = window.setInterval(() => setNow(serverNow()), everyMs);
    const stop = onServerClockChange(() => setNow(serverNow()));
    return () => {
      window.clearInterval(id);
      stop();
    };
  }, [everyMs]);
  return now;
}
