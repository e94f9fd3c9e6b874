import { z } from 'zod';
import { channelFields } from './channels.js';

/** Empty text and null mean "leave unchanged", as in new-api's tag editor. */
const unchangedIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const tagName = z.string({ error: 'tag_required' }).trim().min(1, 'tag_required').max(64);

/**
 * `PUT /api/channel/tag`: sets the given fields on every channel with `tag`. Absent, null or
 * empty fields keep each channel's own value.
 */
export const editTagRequest = z.object({
  /** The tag whose channels are edited. */
  tag: tagName,
  /** Renames the tag on those channels. */
  new_tag: unchangedIfEmpty(z.string().trim().max(64)),
  /** Priority tier for every channel of the tag. */
  priority: unchangedIfEmpty(channelFields.shape.priority),
  /** Weight within the tier for every channel of the tag. */
  weight: unchangedIfEmpty(channelFields.shape.weight),
  /** Models served, comma separated (replaces each channel's list). */
  models: unchangedIfEmpty(channelFields.shape.models),
  /** Groups allowed, comma separated (replaces each channel's list). */
  groups: unchangedIfEmpty(channelFields.shape.group),
  /** `{"requested model": "upstream model"}` for every channel of the tag. */
  model_mapping: unchangedIfEmpty(channelFields.shape.model_mapping),
});
export type EditTagRequest = z.output<typeof editTagRequest>;

/** `GET /api/channel/tag/models?tag=`. */
export const tagModelsQuery = z.object({ tag: tagName });

/** One model the gateway knows (`GET /api/channel/models`), in OpenAI's model-list shape. */
export const knownModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  /** Fixed creation time; clients only display it. */
  created: z.number().int(),
  /** Vendor that publishes the model (openai, anthropic, google ...). */
  owned_by: z.string(),
  /** Channel types whose upstreams serve it. */
  channel_types: z.array(z.number().int()),
});
export type KnownModel = z.infer<typeof knownModel>;

/** `GET /api/models`: known model names by channel type id (as a string key). */
export const modelsByChannelType = z.record(z.string(), z.array(z.string()));
export type ModelsByChannelType = z.infer<typeof modelsByChannelType>;

/** `POST /api/channel/fix`: what the rebuilt routing index holds. */
export const channelFixResult = z.object({
  /** Channels read (new-api's field name). */
  success: z.number().int(),
  /** Channels that could not be indexed (always 0: unreadable JSON fields are ignored). */
  fails: z.number().int(),
  /** Enabled channels, the only ones routed to. */
  enabled: z.number().int(),
  /** Routes group × model × channel in the index. */
  abilities: z.number().int(),
});
export type ChannelFixResult = z.infer<typeof channelFixResult>;
