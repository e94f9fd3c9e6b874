/** An inclusive range of HTTP status codes. */
export type StatusRange = readonly [from: number, to: number];

/**
 * Parses `401,403-404, 500-599` into ranges; throws on anything else, so a bad value is
 * refused when saved.
 */
export function parseStatusRanges(raw: string): StatusRange[] {
  const ranges: StatusRange[] = [];
  for (const part of raw.split(/[,\s]+/).filter(Boolean)) {
    const match = /^(\d{3})(?:-(\d{3}))?$/.exec(part);
    if (!match) throw new Error(`not a status code or range: ${part}`);
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 100 || to > 599 || from > to) throw new Error(`not a valid range: ${part}`);
    ranges.push([from, to]);
  }
  return ranges;
}

const memo = new Map<string, StatusRange[]>();

/** Whether `status` falls in one of the ranges of `raw` (parsed once per distinct value). */
export function statusInRanges(raw: string, status: number): boolean {
  let ranges = memo.get(raw);
  if (!ranges) {
    try {
      ranges = parseStatusRanges(raw);
    } catch {
      ranges = [];
    }
    if (memo.size > 100) memo.clear();
    memo.set(raw, ranges);
  }
  return ranges.some(([from, to]) => status >= from && status <= to);
}
