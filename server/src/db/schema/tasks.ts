import type { Generated } from 'kysely';

/** Columns every asynchronous task row shares (money, owner, routing, polling). */
interface TaskRowBase {
  id: Generated<number>;
  /** The upstream's id; '' until the upstream accepted the task. Never shown to users. */
  upstream_id: Generated<string>;
  user_id: number;
  token_id: Generated<number>;
  /** 1 when the key's own remaining quota was charged too (and is refunded with the user's). */
  token_limited: Generated<number>;
  group: Generated<string>;
  channel_id: Generated<number>;
  model_name: Generated<string>;
  action: string;
  status: Generated<string>;
  progress: Generated<string>;
  fail_reason: string;
  /** Quota charged when the task was submitted. */
  quota: Generated<number>;
  /** 1 once the charge was given back (set by the same statement that refunds). */
  refunded: Generated<number>;
  /** The submitting request's id (its consume log). */
  request_id: Generated<string>;
  /** Unix seconds before which the poller leaves the row alone (backoff). */
  next_poll_at: Generated<number>;
  /** Polls in a row that failed (upstream unreachable); grows the backoff. */
  poll_errors: Generated<number>;
  /** Unix seconds. */
  updated_at: number;
}

/** A Midjourney drawing; times in milliseconds, as the Midjourney protocol counts. */
export interface MidjourneysTable extends TaskRowBase {
  /** The public id clients fetch and act on (16 digits, like Midjourney-Proxy's). */
  mj_id: string;
  /** The drawing an action or modal step continues (public id). */
  parent_id: Generated<string>;
  /** The upstream submit code (1, 21, 22; else refused). */
  code: Generated<number>;
  /** Speed mode sent upstream: fast, relax, turbo or ''. */
  mode: Generated<string>;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  image_url: string;
  video_url: string;
  /** JSON list of `{url}`. */
  video_urls: string;
  /** JSON list of the upstream's buttons. */
  buttons: string;
  /** JSON object (`finalPrompt`, …). */
  properties: string;
  /** Unguessable token of the shareable image link. */
  image_token: string;
  submit_time: number;
  start_time: Generated<number>;
  finish_time: Generated<number>;
}

/** A music or video task; times in Unix seconds. */
export interface TasksTable extends TaskRowBase {
  /** The public id (`task_…`). */
  task_id: string;
  /** `suno`, `sora`, `kling`. */
  platform: string;
  prompt: string;
  /** JSON: what the client asked (model, seconds, size …). */
  properties: string;
  /** JSON: the upstream's last answer about the task. */
  data: string;
  /** The main result (video URL), when there is one. */
  result_url: string;
  submit_time: number;
  start_time: Generated<number>;
  finish_time: Generated<number>;
}
