import { z } from 'zod';

/** The management API answer: business failures are HTTP 200 with `success: false`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    /** Stable error id on failures, e.g. `user_not_found`. */
    code: z.string().optional(),
    data: data.optional(),
  });

/** A page of a list; `page` is 1-based. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    items: z.array(item),
  });

export type Page<T> = { page: number; page_size: number; total: number; items: T[] };

/** `p` (1-based; 0 or missing = 1) and `page_size` (alias `ps`, `size`; default 10, max 100). */
export const pageQuery = z
  .object({
    p: z.coerce.number<number | string>().int().min(0).default(1),
    page_size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
    ps: z.coerce.number<number | string>().int().min(1).max(100).optional(),
    size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
  })
  .transform(({ p, page_size, ps, size }) => ({
    page: Math.max(1, p),
    pageSize: page_size ?? ps ?? size ?? 10,
  }));

export type PageQuery = z.output<typeof pageQuery>;

/** An id in a path. */
export const idParam = z.object({ id: z.coerce.number<number | string>().int().positive() });

/** `?status_only=true` (or `1`): an edit that changes only the state. */
export const statusOnlyQuery = z.object({
  status_only: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
