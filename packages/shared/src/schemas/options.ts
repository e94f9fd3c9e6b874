import { z } from 'zod';

/** One stored setting, as `GET /api/option/` lists them. */
export const optionItem = z.object({ key: z.string(), value: z.string() });
export type OptionItem = z.infer<typeof optionItem>;

/** `PUT /api/option/`: booleans and numbers are stored as strings. */
export const updateOptionRequest = z.object({
  key: z.string().min(1).max(128),
  value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
});
export type UpdateOptionRequest = z.infer<typeof updateOptionRequest>;

/** `GET /api/faq` item. */
export const faqItem = z.object({ question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItem>;
