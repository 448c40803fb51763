import { useEffect, useRef, useState } from 'react';
import { revealFirstError } from './reveal';

/**
 * `formRef` goes on the <form>; `reveal()` after a refused save brings its first problem into view once the
 * messages have rendered.
 */
export function useRevealErrors<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) revealFirstError(formRef.current);
  }, [asked]);
  return { formRef, reveal: () => setAsked((n) => n + 1) };
}
