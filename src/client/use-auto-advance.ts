import { useEffect } from 'react';

/**
 * Calls `advance` every `intervalMs` while `running`. The timer restarts whenever the slide
 * changes (`restartKey`), so a visitor who steps by hand gets a full interval on the new slide.
 */
export function useAutoAdvance(
  advance: () => void,
  intervalMs: number,
  running: boolean,
  restartKey: unknown,
): void {
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(advance, intervalMs);
    return () => window.clearInterval(timer);
  }, [advance, intervalMs, running, restartKey]);
}
