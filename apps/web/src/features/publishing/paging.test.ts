import { describe, expect, it } from 'vitest';
import { nextPageParam, shouldLoadMore } from './paging.ts';

describe('infinite scroll paging', () => {
  it('asks for the next cp after a full page and stops on a short or empty one', () => {
    expect(nextPageParam(9, 1, 9)).toBe(1);
    expect(nextPageParam(9, 3, 9)).toBe(3);
    expect(nextPageParam(4, 2, 9)).toBeUndefined();
    expect(nextPageParam(0, 1, 9)).toBeUndefined();
  });
  it('never loads more while fetching or after an error', () => {
    expect(shouldLoadMore({ hasNextPage: true, isFetching: false, isError: false })).toBe(true);
    expect(shouldLoadMore({ hasNextPage: true, isFetching: true, isError: false })).toBe(false);
    expect(shouldLoadMore({ hasNextPage: true, isFetching: false, isError: true })).toBe(false);
    expect(shouldLoadMore({ hasNextPage: false, isFetching: false, isError: false })).toBe(false);
  });
});
