import type { Database } from '../../../db/client.ts';
import { nextOfferChange } from '../services/offers.ts';
import { DueTimer, systemTimerClock, type TimerClock } from './due-timer.ts';

/**
 * An offer shows from its start and stops at its end. Every read decides that by the time of the read,
 * but the pages and answers rendered before the moment are cached: this timer, armed for the next start
 * or end in the database, empties them then, on each instance, with no request needed.
 */
export class OfferTimer extends DueTimer {
  constructor(
    db: Database,
    onDue: () => void,
    log: { error(object: unknown, message: string): void },
    clock: TimerClock = systemTimerClock,
  ) {
    super(nextOfferChange, db, onDue, log, clock, "the next offer's start or end");
  }
}
