/** News and advice lists show nine posts per page. */
export const POSTS_PER_PAGE = 9;

export interface PageSlice<T> {
  items: T[];
  /** 1-based page shown (out-of-range requests are clamped). */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based position of the first and last item shown; both 0 when the list is empty. */
  first: number;
  last: number;
}

/** Reads `?page=N` leniently: anything that is not a positive whole number means page 1. */
export function parsePageNumber(raw: string | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function paginate<T>(
  all: readonly T[],
  requestedPage: number,
  pageSize = POSTS_PER_PAGE,
): PageSlice<T> {
  const total = all.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const start = (page - 1) * pageSize;
  const items = all.slice(start, start + pageSize);
  return { items, page, pageCount, total, first: total === 0 ? 0 : start + 1, last: start + items.length };
}
