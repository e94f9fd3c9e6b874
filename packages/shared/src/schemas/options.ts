import { z } from 'zod';

/** One stored setting, as `GET /api/option/` lists them. */
export const optionItem = z.object({ key: z.string(), value: z.string() });
export type OptionItem = z.infer<typeof optionItem>;

/** `GET /api/option/`: every setting except secrets, sorted by key. */
export const optionList = z.array(optionItem);

/** `PUT /api/option/`: booleans and numbers are stored as strings. */
export const updateOptionRequest = z.object({
  key: z.string().min(1).max(128),
  value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
});
export type UpdateOptionRequest = z.infer<typeof updateOptionRequest>;

/** `GET /api/faq` item; the `FAQ` setting is a JSON list of these. */
export const faqItem = z.object({ question: z.string().min(1), answer: z.string() });
export type FaqItem = z.infer<typeof faqItem>;
