import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.ts';

/** A piece of work that runs until the test lets it end. */
function heldWork(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish,
  };
}

describe('RenderQueue', () => {
  it('runs at most its slots at once, the others in the order they came', async () => {
    const queue = new RenderQueue(2);
    const log: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(log, name));
    const results = works.map(({ work }) => queue.run(work));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.queued).toBe(2);
    works[1]!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    works[0]!.finish();
    works[2]!.finish();
    works[3]!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(log.indexOf('start d')).toBeGreaterThan(log.indexOf('end a'));
    expect(queue.queued).toBe(0);
  });

  it('starts each piece of work only after the event loop has had a turn', async () => {
    const queue = new RenderQueue(1);
    const log: string[] = [];
    const first = queue.run(async () => {
      log.push('first');
      // Stands for what the loop has waiting meanwhile: a new connection to accept, a request to read.
      setImmediate(() => log.push('event loop'));
    });
    const second = queue.run(async () => log.push('second'));
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    expect(log).toEqual([]);
    await Promise.all([first, second]);
    expect(log).toEqual(['first', 'event loop', 'second']);
  });

  it('gives the slot on when a piece of work fails', async () => {
    const queue = new RenderQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('render failed')));
    const next = queue.run(() => Promise.resolve('rendered'));
    await expect(failing).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('rendered');
  });
});
