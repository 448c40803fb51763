/** spec 001 §9 "Short page size": 20 by default, options 5, 10, 20, 50. */
export const SHORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const SHORT_PAGE_SIZE = 20;

/** How many pages a total makes (at least one, so "page 1 of 1" shows for an empty list). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));
}

/**
 * The page buttons to show: all of them when there are few, else the first, the last and the current with
 * its neighbours, with gaps (null) between.
 */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const keep = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}
