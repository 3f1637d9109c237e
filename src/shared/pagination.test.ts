import { describe, expect, it } from 'vitest';
import { paginate, parsePageNumber } from './pagination.ts';

const numbers = Array.from({ length: 20 }, (_, index) => index + 1);

describe('paginate', () => {
  it('cuts nine items per page and reports the shown range', () => {
    expect(paginate(numbers, 1)).toMatchObject({
      items: numbers.slice(0, 9),
      page: 1,
      pageCount: 3,
      total: 20,
      first: 1,
      last: 9,
    });
    expect(paginate(numbers, 3)).toMatchObject({ items: [19, 20], page: 3, first: 19, last: 20 });
  });

  it('clamps pages outside the list to the nearest real page', () => {
    expect(paginate(numbers, 99).page).toBe(3);
    expect(paginate(numbers, 0).page).toBe(1);
  });

  it('describes an empty list as one empty page', () => {
    expect(paginate([], 4)).toEqual({ items: [], page: 1, pageCount: 1, total: 0, first: 0, last: 0 });
  });
});

describe('parsePageNumber', () => {
  it('accepts positive whole numbers only', () => {
    expect(parsePageNumber('2')).toBe(2);
    expect(parsePageNumber(undefined)).toBe(1);
    expect(parsePageNumber('-3')).toBe(1);
    expect(parsePageNumber('2.5')).toBe(1);
    expect(parsePageNumber('abc')).toBe(1);
    expect(parsePageNumber('0')).toBe(1);
  });
});
