import type { TimerClock } from '../background/due-timer.ts';

/** A clock the test moves by hand: timers fire only when it says so. */
export function manualClock(start: Date) {
  let now = start.getTime();
  const timers = new Map<number, { at: number; callback: () => void }>();
  let nextId = 1;
  const clock: TimerClock = {
    now: () => new Date(now),
    setTimeout: (callback, delayMs) => {
      const id = nextId++;
      timers.set(id, { at: now + delayMs, callback });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    /** How long from now each armed timer has to go. */
    pending: () => [...timers.values()].map((timer) => timer.at - now),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}
