/**
 * At most `slots` pieces of work under way at once; the rest wait their turn, first come first served.
 * A render is CPU work on the one main thread: running sixty-four at once finishes none sooner than
 * running them four at a time, but holds sixty-four pages' worth of memory and lets the unlucky ones
 * wait seconds behind later arrivals.
 *
 * Each piece starts in a task of its own, once the event loop has had a turn. Node accepts one new
 * connection per turn of its loop, and renders whose reads are all remembered run from one promise to
 * the next without giving the loop a turn: under 64 connections of fresh renders, a new connection
 * waited up to two seconds in the kernel's queue (p99 1.3 s), and now waits about one render per
 * connection ahead of it (p99 0.2 to 0.3 s), for the same number of renders a second.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.slots) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** How many wait for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }
}
