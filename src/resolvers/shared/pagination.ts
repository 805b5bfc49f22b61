import { BadUserInputError } from '../../errors.js';

/** Page size when `first` is not given, and the most one page may hold. The schema's `@listSize` uses the same bound. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
}

/** A validated page request: skip `offset` items, return at most `size`. */
export interface PageRequest {
  readonly offset: number;
  readonly size: number;
}

export interface Page<T> {
  readonly nodes: readonly T[];
  readonly totalCount: number;
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

const CURSOR_PREFIX = 'offset:';

const encodeCursor = (offset: number): string => Buffer.from(`${CURSOR_PREFIX}${offset}`).toString('base64url');

function decodeCursor(cursor: string, argumentPath: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset < 1 || encodeCursor(offset) !== cursor) {
    throw new BadUserInputError(argumentPath, 'not a cursor of this list; pass an `endCursor` it returned');
  }
  return offset;
}

/** Checks `first` and `after` before any upstream call. */
export function parsePage(
  args: PageArgs,
  paths: { first: string; after: string } = { first: 'first', after: 'after' },
): PageRequest {
  const size = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) {
    throw new BadUserInputError(paths.first, `expected a page size from 0 to ${MAX_PAGE_SIZE}`);
  }
  const offset = args.after === undefined || args.after === null ? 0 : decodeCursor(args.after, paths.after);
  return { offset, size };
}

/** One page of a list the upstream returned whole. */
export function slicePage<T>(items: readonly T[], request: PageRequest): Page<T> {
  const nodes = items.slice(request.offset, request.offset + request.size);
  const end = request.offset + nodes.length;
  return {
    nodes,
    totalCount: items.length,
    pageInfo: { hasNextPage: end < items.length, endCursor: nodes.length > 0 ? encodeCursor(end) : null },
  };
}
