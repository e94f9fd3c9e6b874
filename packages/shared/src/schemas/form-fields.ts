import { z } from 'zod';

/** A 0/1 or true/false switch, as the console and older scripts send it. */
export const switchField = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

/** An integer sent as a number or a numeric string, checked by `check`. */
export const integerField = (check: z.ZodNumber = z.number()) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    check.int(),
  );

/** A comma list sent as text or as an array; kept trimmed, without empties or repeats. */
export const commaList = z
  .union([z.string().max(65_535), z.array(z.string().max(255)).max(5000)])
  .transform((v) => {
    const items = (Array.isArray(v) ? v : v.split(/[,\n]/)).map((m) => m.trim()).filter(Boolean);
    return [...new Set(items)].join(',');
  });

/** A list of ids picked in a table; an empty selection fails with `message`. */
export const idSelection = (message: string) =>
  z.array(integerField(z.number().positive())).min(1, message).max(1000);
