import { z } from 'zod';

/**
 * Asynchronous generation: Midjourney drawings (`midjourneys`) and music / video tasks
 * (`tasks`). Both lists are read by the console from `/api/mj/*` and `/api/task/*`.
 */

/** Midjourney task states of the Midjourney-Proxy protocol; '' = not sent upstream yet. */
export const MjStatus = {
  notSubmitted: '',
  notStart: 'NOT_START',
  submitted: 'SUBMITTED',
  modal: 'MODAL',
  inProgress: 'IN_PROGRESS',
  success: 'SUCCESS',
  failure: 'FAILURE',
  cancel: 'CANCEL',
} as const;

/** Music and video task states; '' = not sent upstream yet. */
export const TaskStatus = {
  notSubmitted: '',
  notStart: 'NOT_START',
  submitted: 'SUBMITTED',
  queued: 'QUEUED',
  inProgress: 'IN_PROGRESS',
  success: 'SUCCESS',
  failure: 'FAILURE',
  unknown: 'UNKNOWN',
} as const;

/**
 * A time filter: Unix seconds, or milliseconds (values past 10^11, as Midjourney clients send);
 * empty or 0 = not set. Parsed to seconds.
 */
const timeFilter = z.coerce
  .number()
  .int()
  .min(0)
  .optional()
  .transform((v) => (v ? (v > 1e11 ? Math.floor(v / 1000) : v) : undefined));

const textFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

const idFilter = z.coerce
  .number()
  .int()
  .min(0)
  .optional()
  .transform((v) => v || undefined);

const pageFields = {
  p: z.coerce.number<number | string>().int().min(0).default(1),
  page_size: z.coerce.number<number | string>().int().min(1).max(100).optional(),
  ps: z.coerce.number<number | string>().int().min(1).max(100).optional(),
};

function paged<T extends { p: number; page_size?: number; ps?: number }>(v: T) {
  const { p, page_size, ps, ...rest } = v;
  return { ...rest, page: Math.max(1, p), pageSize: page_size ?? ps ?? 10 };
}

const drawingFilterFields = {
  /** Public task id (exact). */
  mj_id: textFilter(32),
  /** Oldest submit time included. */
  start_timestamp: timeFilter,
  /** Newest submit time included. */
  end_timestamp: timeFilter,
  /** Exact action (`IMAGINE`, `UPSCALE` …). */
  action: textFilter(32),
  /** Exact status. */
  status: textFilter(32),
};

/** `GET /api/mj/self` query. */
export const selfDrawingQuery = z
  .object({ ...drawingFilterFields, ...pageFields })
  .transform(paged);
/** `GET /api/mj/` query (admin): also by channel and user. */
export const adminDrawingQuery = z
  .object({
    ...drawingFilterFields,
    channel_id: idFilter,
    username: textFilter(64),
    ...pageFields,
  })
  .transform(paged);
export type DrawingQuery = z.output<typeof selfDrawingQuery> &
  Partial<Pick<z.output<typeof adminDrawingQuery>, 'channel_id' | 'username'>>;

const taskFilterFields = {
  /** Public task id (exact). */
  task_id: textFilter(64),
  /** `suno`, `sora`, `kling`. */
  platform: textFilter(30),
  /** Exact status. */
  status: textFilter(32),
  /** Exact action (`MUSIC`, `LYRICS`, `generate`, `textGenerate`). */
  action: textFilter(32),
  start_timestamp: timeFilter,
  end_timestamp: timeFilter,
};

/** `GET /api/task/self` query. */
export const selfTaskQuery = z.object({ ...taskFilterFields, ...pageFields }).transform(paged);
/** `GET /api/task/` query (admin): also by channel and user. */
export const adminTaskQuery = z
  .object({ ...taskFilterFields, channel_id: idFilter, username: textFilter(64), ...pageFields })
  .transform(paged);
export type TaskQuery = z.output<typeof selfTaskQuery> &
  Partial<Pick<z.output<typeof adminTaskQuery>, 'channel_id' | 'username'>>;

/** One drawing in the console's drawing log. */
export const drawingItem = z.object({
  id: z.number().int(),
  /** The public task id (what clients fetch and act on); never the upstream's id. */
  mj_id: z.string(),
  user_id: z.number().int(),
  /** Admin lists only. */
  username: z.string().optional(),
  /** Admin lists only. */
  channel_id: z.number().int().optional(),
  /** `IMAGINE`, `UPSCALE`, `VARIATION`, `DESCRIBE`, `BLEND` … */
  action: z.string(),
  /** Speed mode: `fast`, `relax`, `turbo` or ''. */
  mode: z.string(),
  /** Submit code: 1 submitted, 21 waiting, 22 queued, 0 not submitted, else refused. */
  code: z.number().int(),
  prompt: z.string(),
  prompt_en: z.string(),
  description: z.string(),
  status: z.string(),
  /** `"0%"` … `"100%"`. */
  progress: z.string(),
  /** The image as the caller may load it (through the gateway when image forwarding is on). */
  image_url: z.string(),
  video_url: z.string(),
  fail_reason: z.string(),
  /** Describe: the four prompts. */
  final_prompt: z.string(),
  /** Milliseconds, as the Midjourney protocol counts. */
  submit_time: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  /** Quota charged (refunded when the drawing failed). */
  quota: z.number().int(),
  /** The charge was given back. */
  refunded: z.boolean(),
});
export type DrawingItem = z.infer<typeof drawingItem>;

/** One result file of a music or video task. */
export const taskResult = z.object({
  /** `audio`, `video`, `image` or `text` (lyrics). */
  kind: z.enum(['audio', 'video', 'image', 'text']),
  title: z.string(),
  /** A URL the console can play or open; empty for text. */
  url: z.string(),
  /** Lyrics text for `text`; a cover image URL for audio when known. */
  text: z.string(),
  /** Seconds, when known. */
  duration: z.number(),
});
export type TaskResult = z.infer<typeof taskResult>;

/** One music or video task in the console's task log. */
export const taskItem = z.object({
  id: z.number().int(),
  /** The public task id (`task_…`). */
  task_id: z.string(),
  platform: z.string(),
  user_id: z.number().int(),
  username: z.string().optional(),
  channel_id: z.number().int().optional(),
  /** `MUSIC`, `LYRICS`, `generate` (image to video), `textGenerate`. */
  action: z.string(),
  model: z.string(),
  prompt: z.string(),
  status: z.string(),
  progress: z.string(),
  fail_reason: z.string(),
  /** Unix seconds. */
  submit_time: z.number().int(),
  start_time: z.number().int(),
  finish_time: z.number().int(),
  quota: z.number().int(),
  refunded: z.boolean(),
  results: z.array(taskResult),
});
export type TaskItem = z.infer<typeof taskItem>;
