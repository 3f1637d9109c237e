/**
 * One piece of background work that runs at most once at a time: asked for while it runs, it runs once
 * more afterwards (what arrived meanwhile is picked up), however many times it was asked.
 */
export class CoalescedRun {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  request(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
  }

  /** Resolves once no run is under way or asked for. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}
