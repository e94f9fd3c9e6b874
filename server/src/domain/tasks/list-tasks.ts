import type { DrawingItem, DrawingQuery, TaskItem, TaskQuery, TaskResult } from '@gateway/shared';
import { mjForwardUrlEnabled } from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import { listDrawings, listTasks, type DrawingRow, type TaskRow } from '../../db/queries/tasks.js';

/** Whose rows a list shows: one user's, or (admins) everyone's with owner and channel. */
export interface ListScope {
  userId?: number;
  admin: boolean;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The image of a drawing as the console loads it: through the gateway's image route with the
 * drawing's unguessable token when image forwarding is on, else the upstream's own URL.
 */
function consoleImageUrl(ctx: AppContext, row: DrawingRow): string {
  if (row.image_url === '') return '';
  if (!ctx.settings.get(mjForwardUrlEnabled)) return row.image_url;
  const rand = row.status === 'SUCCESS' ? '' : `&rand=${row.updated_at}`;
  return `/mj/image/${row.mj_id}?t=${row.image_token}${rand}`;
}

function drawingItem(
  ctx: AppContext,
  row: DrawingRow & { username: string | null },
  admin: boolean,
): DrawingItem {
  const properties = record(parseJson(row.properties));
  return {
    id: row.id,
    mj_id: row.mj_id,
    user_id: row.user_id,
    ...(admin ? { username: row.username ?? '', channel_id: row.channel_id } : {}),
    action: row.action,
    mode: row.mode,
    code: row.code,
    prompt: row.prompt,
    prompt_en: row.prompt_en,
    description: row.description,
    status: row.status,
    progress: row.progress,
    image_url: consoleImageUrl(ctx, row),
    video_url: row.video_url,
    fail_reason: row.fail_reason,
    final_prompt: text(properties.finalPrompt),
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    quota: Number(row.quota),
    refunded: row.refunded === 1,
  };
}

/** The result files of a music or video task, read from the upstream's stored answer. */
export function taskResults(row: TaskRow): TaskResult[] {
  if (row.status !== 'SUCCESS') return [];
  const data = parseJson(row.data);
  if (row.platform === 'suno') {
    if (Array.isArray(data)) {
      return data.map((clip) => {
        const c = record(clip);
        return {
          kind: 'audio' as const,
          title: text(c.title),
          url: text(c.audio_url),
          text: text(c.image_url),
          duration: num(record(c.metadata).duration),
        };
      });
    }
    const lyrics = record(data);
    return [
      { kind: 'text', title: text(lyrics.title), url: '', text: text(lyrics.text), duration: 0 },
    ];
  }
  // Videos are served through the gateway (the upstream needs the channel's key).
  return [
    {
      kind: 'video',
      title: '',
      url: `/v1/videos/${row.task_id}/content`,
      text: '',
      duration: Number(record(parseJson(row.properties)).seconds ?? 0) || 0,
    },
  ];
}

function taskItem(row: TaskRow & { username: string | null }, admin: boolean): TaskItem {
  return {
    id: row.id,
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    ...(admin ? { username: row.username ?? '', channel_id: row.channel_id } : {}),
    action: row.action,
    model: row.model_name,
    prompt: row.prompt,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    quota: Number(row.quota),
    refunded: row.refunded === 1,
    results: taskResults(row),
  };
}

/** A page of the drawing log (times in the query are seconds; drawings count in ms). */
export async function listDrawingPage(ctx: AppContext, scope: ListScope, q: DrawingQuery) {
  const { rows, total } = await listDrawings(ctx.db, {
    userId: scope.userId,
    username: scope.admin ? q.username : undefined,
    channelId: scope.admin ? q.channel_id : undefined,
    publicId: q.mj_id,
    action: q.action,
    status: q.status,
    from: q.start_timestamp ? q.start_timestamp * 1000 : undefined,
    to: q.end_timestamp ? q.end_timestamp * 1000 + 999 : undefined,
    page: q.page,
    pageSize: q.pageSize,
  });
  return {
    page: q.page,
    page_size: q.pageSize,
    total,
    items: rows.map((row) => drawingItem(ctx, row, scope.admin)),
  };
}

/** A page of the music and video task log. */
export async function listTaskPage(ctx: AppContext, scope: ListScope, q: TaskQuery) {
  const { rows, total } = await listTasks(ctx.db, {
    userId: scope.userId,
    username: scope.admin ? q.username : undefined,
    channelId: scope.admin ? q.channel_id : undefined,
    publicId: q.task_id,
    platform: q.platform,
    action: q.action,
    status: q.status,
    from: q.start_timestamp,
    to: q.end_timestamp,
    page: q.page,
    pageSize: q.pageSize,
  });
  return {
    page: q.page,
    page_size: q.pageSize,
    total,
    items: rows.map((row) => taskItem(row, scope.admin)),
  };
}
