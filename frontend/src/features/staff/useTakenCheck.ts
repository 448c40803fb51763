import { useEffect, useState } from 'react';

/**
 * Live duplicate check of one field: after the value rests for 400 ms and passes its own rules, asks the
 * server whether it is taken. Answers 'taken', 'free' or undefined (not asked, or no answer yet).
 */
export function useTakenCheck(
  value: string,
  valid: boolean,
  ask: (value: string, signal: AbortSignal) => Promise<boolean>,
  skip = false,
): 'taken' | 'free' | undefined {
  const [answer, setAnswer] = useState<{ value: string; taken: boolean } | null>(null);
  useEffect(() => {
    if (!valid || skip) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(value, controller.signal)
        .then((taken) => setAnswer({ value, taken }))
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, valid, skip, ask]);
  if (!valid || skip || answer?.value !== value) return undefined;
  return answer.taken ? 'taken' : 'free';
}
