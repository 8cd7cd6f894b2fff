import { describe, expect, it } from 'vitest';
import { pageCountOf, parsePageParam } from '../../lib/paging.js';

describe('parsePageParam', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['2', 2],
    ['0007', 7],
  ])('reads %j as page %d', (value, page) => expect(parsePageParam(value)).toBe(page));

  it.each([['0'], ['-1'], ['1.5'], ['abc'], ['1e3'], [' 2'], [['1', '2']], ['9'.repeat(16)]])('refuses %j', (value) =>
    expect(parsePageParam(value)).toBeNull(),
  );
});

describe('pageCountOf', () => {
  it('rounds up and is 0 for an empty list', () => {
    expect(pageCountOf(0, 9)).toBe(0);
    expect(pageCountOf(9, 9)).toBe(1);
    expect(pageCountOf(10, 9)).toBe(2);
  });
});
