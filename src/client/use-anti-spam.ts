import { useEffect, useRef, useState } from 'react';

/**
 * The two anti-bot fields of src/shared/schemas/spam.ts, as a form sends them: the honeypot's value and
 * the milliseconds since the form became usable (hydration), on the browser's own monotonic clock.
 */
export function useAntiSpam() {
  const [honeypot, setHoneypot] = useState('');
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  return {
    honeypot,
    setHoneypot,
    /** The fields to merge into the request body at submit time. */
    fields: () => ({
      website: honeypot,
      formFillMs: shownAt.current === null ? 0 : Math.round(performance.now() - shownAt.current),
    }),
  };
}
