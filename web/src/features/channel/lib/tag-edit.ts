import type { EditTagRequest } from '@gateway/shared';

/** The tag editor's values; empty ones keep each channel's own value. */
export interface TagEditValues {
  /** Renames the tag. */
  new_tag?: string;
  priority?: number | null;
  weight?: number | null;
  models?: string[];
  groups?: string[];
  /** `{"requested model": "upstream model"}` as text. */
  model_mapping?: string;
}

const joined = (list: string[] | undefined) =>
  [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))].join(',');

/**
 * The `PUT /api/channel/tag` body for `tag`: only the fields the admin filled in (a new name
 * equal to the old one is no change). Null when nothing would change.
 */
export function toEditTagRequest(tag: string, v: TagEditValues): EditTagRequest | null {
  const newTag = v.new_tag?.trim();
  const fields = {
    new_tag: newTag && newTag !== tag ? newTag : undefined,
    priority: v.priority ?? undefined,
    weight: v.weight ?? undefined,
    models: joined(v.models) || undefined,
    groups: joined(v.groups) || undefined,
    model_mapping: v.model_mapping?.trim() || undefined,
  };
  const given = Object.fromEntries(Object.entries(fields).filter(([, x]) => x !== undefined));
  return Object.keys(given).length === 0 ? null : { tag, ...given };
}
