import { describe, expect, it } from 'vitest';
import { remembered, rememberedLast, rememberedPerObject } from './remembered.ts';

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

  it('rememberedLast computes again when any argument is another object, and keeps only the last', () => {
    const calls: unknown[][] = [];
    const listed = rememberedLast((towns: readonly string[], prefix: string) => {
      calls.push([towns, prefix]);
      return towns.map((town) => prefix + town);
    });
    const towns = ['Cumming', 'Alpharetta'];
    const first = listed(towns, '>');
    expect(listed(towns, '>')).toBe(first);
    expect(calls).toHaveLength(1);
    // Equal content in a new array is a change as far as it knows: the read cache made a new list.
    expect(listed([...towns], '>')).toEqual(first);
    expect(listed(towns, '<')).toEqual(['<Cumming', '<Alpharetta']);
    expect(listed(towns, '>')).not.toBe(first);
    expect(calls).toHaveLength(4);
  });

  it('rememberedPerObject computes once per object', () => {
    let calls = 0;
    const json = rememberedPerObject((value: object) => {
      calls++;
      return JSON.stringify(value);
    });
    const business = { name: 'Cumming Plumbing Pros' };
    expect([json(business), json(business)]).toEqual([
      '{"name":"Cumming Plumbing Pros"}',
      '{"name":"Cumming Plumbing Pros"}',
    ]);
    expect(json({ name: 'another' })).toBe('{"name":"another"}');
    expect(calls).toBe(2);
  });
});
