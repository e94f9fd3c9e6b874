import { z } from 'zod';
import { pageQuery } from './common.js';
import { commaList, idSelection, integerField, switchField } from './form-fields.js';

/**
 * Channel type ids of the contract (new-api `constant/channel.go`), by name. Code names a type
 * through these constants; which of them the relay serves comes from `GET /api/channel/types`.
 */
export const ChannelType = {
  openai: 1,
  midjourney: 2,
  azure: 3,
  ollama: 4,
  midjourneyPlus: 5,
  custom: 8,
  anthropic: 14,
  baidu: 15,
  zhipu: 16,
  ali: 17,
  xunfei: 18,
  ai360: 19,
  openRouter: 20,
  tencent: 23,
  gemini: 24,
  moonshot: 25,
  zhipuV4: 26,
  perplexity: 27,
  lingYiWanWu: 31,
  aws: 33,
  cohere: 34,
  miniMax: 35,
  suno: 36,
  dify: 37,
  jina: 38,
  cloudflare: 39,
  siliconFlow: 40,
  vertexAi: 41,
  mistral: 42,
  deepSeek: 43,
  mokaAi: 44,
  volcEngine: 45,
  baiduV2: 46,
  xinference: 47,
  xai: 48,
  coze: 49,
  kling: 50,
  sora: 55,
} as const;

/** Channel states: 0 untested, 1 enabled, 2 disabled by hand, 3 disabled automatically. */
export const ChannelStatus = {
  untested: 0,
  enabled: 1,
  manuallyDisabled: 2,
  autoDisabled: 3,
} as const;

/** Azure OpenAI API version used when a channel of type 3 leaves `other` empty. */
export const defaultAzureApiVersion = '2023-03-15-preview';

function isJsonObjectOf(text: string, values: z.ZodType, keys: z.ZodType<string>): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    return Object.entries(parsed).every(
      ([k, v]) => keys.safeParse(k).success && values.safeParse(v).success,
    );
  } catch {
    return false;
  }
}

/** A JSON object sent as text or as an object, stored as text; empty text means none. */
const jsonObjectText = (message: string, values: z.ZodType, keys: z.ZodType<string> = z.string()) =>
  z.preprocess(
    (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? '')),
    z
      .string()
      .max(65_535)
      .trim()
      .refine((text) => text === '' || isJsonObjectOf(text, values, keys), message),
  );

const statusCode = z.string().regex(/^[1-5]\d\d$/);

/** Editable fields of a channel, named as in new-api's channel API (those this product uses). */
export const channelFields = z.object({
  /** Display name. */
  name: z
    .string({ error: 'channel_name_required' })
    .trim()
    .min(1, 'channel_name_required')
    .max(128),
  /** Channel type id of the contract (1 OpenAI, 3 Azure, 8 Custom, 14 Anthropic, 24 Gemini ...). */
  type: integerField(z.number().min(0).max(1000)),
  /** Upstream key; in batch mode one key per line, one channel each. */
  key: z
    .string({ error: 'channel_key_required' })
    .trim()
    .min(1, 'channel_key_required')
    .max(65_535),
  /** Upstream base URL (mirror or proxy address); empty = the type's default. */
  base_url: z
    .string()
    .trim()
    .max(512)
    .transform((v) => v.replace(/\/+$/, ''))
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), 'channel_base_url_invalid'),
  /** Type-specific value: the Azure API version (default `2023-03-15-preview`). */
  other: z.string().trim().max(512),
  /** Models served, comma separated; at least one. */
  models: commaList.refine((v) => v !== '', 'channel_models_required'),
  /** Groups allowed to use the channel, comma separated; empty = `default`. */
  group: commaList.transform((v) => v || 'default'),
  /** `{"requested model": "upstream model"}`. */
  model_mapping: jsonObjectText('model_mapping_invalid', z.string()),
  /** `{"upstream status": "status returned to the client"}`, e.g. `{"400": "500"}`. */
  status_code_mapping: jsonObjectText(
    'status_code_mapping_invalid',
    z.union([statusCode, z.number().int().min(100).max(599)]),
    statusCode,
  ),
  /** Extra settings JSON: `proxy`, `headers`, ... */
  setting: jsonObjectText('channel_setting_invalid', z.unknown()),
  /** Higher tiers are tried first. */
  priority: integerField(z.number().min(-1_000_000).max(1_000_000)),
  /** Share of traffic within a priority tier; all 0 = equal shares. */
  weight: integerField(z.number().min(0).max(1_000_000)),
  /** Grouping tag for bulk operations. */
  tag: z.string().trim().max(64),
  /** Model used by channel tests; empty = the first model. */
  test_model: z.string().trim().max(128),
  /** Whether the automatic disabling rules may disable this channel. */
  auto_ban: switchField,
  /** Admin note. */
  remark: z.string().trim().max(255),
  /** Requests to this channel in flight at once (all instances); 0 = no cap. */
  max_concurrency: integerField(z.number().min(0).max(1_000_000)),
  /** Requests to this channel per minute (all instances); 0 = no cap. */
  max_rpm: integerField(z.number().min(0).max(100_000_000)),
  /** 1 enabled (the default for a new channel), 2 disabled, 0 untested; 3 only echoed back. */
  status: integerField(z.number().min(0).max(3)),
});

/** A missing required field reads as empty, so it fails with its own message. */
const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);

const channelCreateFields = channelFields.partial().extend({
  name: required(channelFields.shape.name),
  key: required(channelFields.shape.key),
  models: required(channelFields.shape.models),
});

/**
 * `POST /api/channel/`: the new-api body `{mode, channel}`, or (older clients) the channel
 * itself, whose key lines become one channel each.
 */
export const createChannelRequest = z.preprocess(
  (v) => (v && typeof v === 'object' && 'channel' in v ? v : { mode: 'batch', channel: v ?? {} }),
  z.object({
    /** `single`: one channel; `batch`: one channel per key line. */
    mode: z.enum(['single', 'batch'], { error: 'channel_mode_unsupported' }).default('single'),
    /** Batch mode: append the first characters of each key to its channel's name. */
    batch_add_set_key_prefix_2_name: z.boolean().default(false),
    channel: channelCreateFields,
  }),
);
export type CreateChannelRequest = z.output<typeof createChannelRequest>;
/** The fields of one channel to create. */
export type ChannelInput = z.output<typeof channelCreateFields>;

/** `PUT /api/channel/`: omitted fields, and an empty key, keep their value. */
export const updateChannelRequest = channelFields.partial().extend({
  id: integerField(z.number().positive()),
  key: z.string().trim().max(65_535).optional(),
});
export type UpdateChannelRequest = z.output<typeof updateChannelRequest>;

/** Columns the channel list can be sorted by (`sort_by`). */
export const channelSortFields = [
  'id',
  'name',
  'priority',
  'weight',
  'response_time',
  'balance',
  'used_quota',
  'test_time',
] as const;
export type ChannelSortField = (typeof channelSortFields)[number];

/** `GET /api/channel/` and `/api/channel/search`. */
export const channelListQuery = z
  .object({
    status: z.coerce.number<number | string>().int().min(0).max(3).optional(),
    type: z.coerce.number<number | string>().int().min(0).optional(),
    group: z.string().trim().max(64).default(''),
    tag: z.string().trim().max(64).default(''),
    /** Matches the name, the id, the base URL or the remark. */
    keyword: z.string().trim().max(128).default(''),
    /** Channels that serve this model (substring). */
    model: z.string().trim().max(128).default(''),
    /** Sort by id descending instead of by priority. */
    id_sort: z
      .union([z.string(), z.boolean()])
      .optional()
      .transform((v) => v === true || v === 'true' || v === '1'),
    /** Column to sort by; empty = priority (or id with `id_sort`). */
    sort_by: z
      .union([z.literal(''), z.enum(channelSortFields)])
      .optional()
      .transform((v) => v || undefined),
    /** Direction of `sort_by`. */
    sort_order: z
      .string()
      .optional()
      .transform((v) => v?.toLowerCase() || 'desc')
      .pipe(z.enum(['asc', 'desc'])),
  })
  .and(pageQuery);
export type ChannelListQuery = z.output<typeof channelListQuery>;
/** What the console sends as the channel list's query. */
export type ChannelListParams = z.input<typeof channelListQuery>;

/** `POST /api/channel/batch`: channels to delete. */
export const channelIdsRequest = z.object({ ids: idSelection('channels_not_selected') });

/** `POST /api/channel/batch/tag`. */
export const channelTagRequest = z.object({
  ids: idSelection('channels_not_selected'),
  tag: z.string({ error: 'tag_required' }).trim().min(1, 'tag_required').max(64),
});

/** `POST /api/channel/tag/disabled` and `/tag/enabled`. */
export const tagRequest = z.object({
  tag: z.string({ error: 'tag_required' }).trim().min(1, 'tag_required').max(64),
});

/** `POST /api/channel/fetch_models`: an unsaved channel's address and key. */
export const fetchModelsRequest = z.object({
  type: integerField(z.number().min(0).max(1000)).default(1),
  base_url: channelFields.shape.base_url.default(''),
  key: z.string({ error: 'channel_key_required' }).trim().min(1, 'channel_key_required'),
  other: z.string().trim().max(512).default(''),
});

/** `GET /api/channel/test/:id?model=`. */
export const channelTestQuery = z.object({ model: z.string().trim().max(128).default('') });

/** A channel as listed and read: never its key. */
export const channelItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  status: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  priority: z.number().int(),
  created_time: z.number(),
  test_time: z.number(),
  /** Milliseconds of the last test. */
  response_time: z.number(),
  base_url: z.string(),
  other: z.string(),
  /** Upstream balance in USD. */
  balance: z.number(),
  balance_updated_time: z.number(),
  models: z.string(),
  group: z.string(),
  used_quota: z.number(),
  model_mapping: z.string(),
  status_code_mapping: z.string(),
  auto_ban: z.number().int(),
  /** JSON: `status_reason` and `status_time` of the last automatic change. */
  other_info: z.string(),
  tag: z.string(),
  setting: z.string(),
  test_model: z.string(),
  remark: z.string(),
  max_concurrency: z.number().int(),
  max_rpm: z.number().int(),
});
export type ChannelItem = z.infer<typeof channelItem>;

/** A page of channels with the number of channels of each type (for the type filter). */
export const channelPage = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  items: z.array(channelItem),
  type_counts: z.record(z.string(), z.number().int()),
});
export type ChannelPage = z.infer<typeof channelPage>;

/** Result of `GET /api/channel/test/:id`, at the top level of the answer. */
export const channelTestResult = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Seconds the test request took. */
  time: z.number(),
});

/** One channel type the relay serves (`GET /api/channel/types`). */
export const servedChannelType = z.object({
  /** Channel type id of the contract. */
  type: z.number().int(),
  /** Upstream name, as the relay's adaptor calls it. */
  name: z.string(),
  /** Address used when the channel leaves its base URL empty; empty when it has none. */
  base_url: z.string(),
  /** Whether a channel of this type must give its own base URL (Azure, Custom, Xinference). */
  base_url_required: z.boolean(),
  /**
   * The wire format the upstream speaks natively (chat formats are served converted into each
   * other); asynchronous task upstreams speak `midjourney`, `suno` or `openai-video`.
   */
  format: z.enum(['openai', 'anthropic', 'gemini', 'midjourney', 'suno', 'openai-video']),
});
export type ServedChannelType = z.infer<typeof servedChannelType>;
