import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.ts';

describe('remembered', () => {
  it('computes each input once, and keeps no more than its limit', () => {
    const computed: string[] = [];
    const shout = remembered((input: string) => {
      computed.push(input);
      return input.toUpperCase();
    }, 2);
    expect([shout('a'), shout('b'), shout('a'), shout('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(computed).toEqual(['a', 'b']);
    // A third input starts afresh: 'a' is computed again, then remembered.
    expect([shout('c'), shout('a'), shout('a')]).toEqual(['C', 'A', 'A']);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers a result that is undefined or null too', () => {
    let calls = 0;
    const nothing = remembered(() => {
      calls++;
      return undefined;
    });
    nothing('x');
    nothing('x');
    expect(calls).toBe(1);
  });
});
