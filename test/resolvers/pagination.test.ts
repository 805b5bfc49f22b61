import { describe, expect, it } from 'vitest';
import { BadUserInputError } from '../../src/errors.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  parsePage,
  slicePage,
  type Page,
} from '../../src/resolvers/shared/pagination.js';

const items = Array.from({ length: 45 }, (_, i) => i);

describe('pagination of whole upstream lists', () => {
  it('pages through every item once, in order, following endCursor', () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Page<number> = slicePage(items, parsePage({ first: 20, after }));
      expect(page.totalCount).toBe(45);
      seen.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(items);
  });

  it('uses the default size without `first` and gives an empty last page no cursor', () => {
    expect(slicePage(items, parsePage({})).nodes).toHaveLength(DEFAULT_PAGE_SIZE);
    const empty = slicePage(items, parsePage({ first: 0 }));
    expect(empty).toEqual({ nodes: [], totalCount: 45, pageInfo: { hasNextPage: true, endCursor: null } });
  });

  it.each([-1, MAX_PAGE_SIZE + 1, 1.5])('rejects first = %s with the argument path', (first) => {
    expect(() => parsePage({ first }, { first: 'offenses.first', after: 'offenses.after' })).toThrow(BadUserInputError);
    try {
      parsePage({ first }, { first: 'offenses.first', after: 'offenses.after' });
    } catch (error) {
      expect((error as BadUserInputError).extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        argumentPath: 'offenses.first',
      });
    }
  });

  it.each([
    'nonsense',
    Buffer.from('offset:-3').toString('base64url'),
    Buffer.from('offset:0').toString('base64url'),
    '',
  ])('rejects a cursor it did not issue: %s', (after) => {
    expect(() => parsePage({ after })).toThrow(/after: not a cursor/);
  });
});
