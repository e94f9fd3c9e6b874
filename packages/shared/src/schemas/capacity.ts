import { z } from 'zod';

/**
 * What a capped channel or key uses of its caps right now: requests in flight, and this
 * minute's requests (channels) or tokens (keys).
 */
export const capacityUse = z.object({
  in_flight: z.number().int(),
  this_minute: z.number().int(),
});
export type CapacityUse = z.infer<typeof capacityUse>;

/** `GET /api/channel/capacity` and `/api/token/capacity`: the use of each capped row, by id. */
export const capacityMap = z.record(z.string(), capacityUse);
export type CapacityMap = z.infer<typeof capacityMap>;

/** `?ids=1,2,3`: the rows of the page on screen (at most 100). */
export const capacityQuery = z.object({
  ids: z
    .string()
    .max(1000)
    .default('')
    .transform((text) =>
      [...new Set(text.split(',').map((part) => Number(part.trim())))]
        .filter((id) => Number.isSafeInteger(id) && id > 0)
        .slice(0, 100),
    ),
});
