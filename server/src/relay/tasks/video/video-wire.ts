import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { TaskRow } from '../../../db/queries/tasks.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import { publicOrigin, taskDto } from '../task-dto.js';
import { splitKlingId } from './kling.js';

/**
 * How video tasks look to clients: OpenAI's Video object, Kling's envelope and new-api's
 * TaskDto, always under the public id; the upstream's ids never leave the gateway.
 */

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The row's own properties (model, seconds, size, the remixed video). */
export const propsOf = (row: TaskRow): JsonObject => {
  const props = parse(row.properties);
  return isObject(props) ? props : {};
};

/** The upstream's ids of a row, as they may appear in its stored data. */
function upstreamIds(row: TaskRow): Set<string> {
  const ids = new Set<string>();
  if (row.upstream_id) ids.add(row.upstream_id);
  const kling = splitKlingId(row.upstream_id);
  if (kling) ids.add(kling.id);
  return ids;
}

/** The row's stored upstream answer with every upstream id replaced by public ones. */
export function publicData(row: TaskRow): unknown {
  const ids = upstreamIds(row);
  const remixOf = propsOf(row).remix_of;
  const scrub = (value: unknown, key = ''): unknown => {
    if (key === 'remixed_from_video_id') return typeof remixOf === 'string' ? remixOf : null;
    if (typeof value === 'string') return ids.has(value) ? row.task_id : value;
    if (Array.isArray(value)) return value.map((v) => scrub(v));
    if (isObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
    }
    return value;
  };
  return scrub(parse(row.data));
}

/** The address a finished video is downloaded from: Kling's URL, else the gateway's. */
export function videoResultUrl(ctx: AppContext, req: FastifyRequest, row: TaskRow): string {
  if (row.status !== 'SUCCESS') return '';
  if (row.platform === 'kling' && row.result_url) return row.result_url;
  return `${publicOrigin(ctx, req)}/v1/videos/${row.task_id}/content`;
}

/** new-api's TaskDto of a video, with public ids and its result URL once it succeeded. */
export function videoTaskDto(
  ctx: AppContext,
  req: FastifyRequest,
  row: TaskRow,
): Record<string, unknown> {
  const resultUrl = videoResultUrl(ctx, req, row);
  return taskDto({
    ...row,
    data: JSON.stringify(publicData(row) ?? null),
    result_url: resultUrl,
  });
}

/** A task's status in OpenAI's words (a task still unclear upstream counts as running). */
export function openaiStatus(status: string): string {
  if (status === 'SUCCESS') return 'completed';
  if (status === 'FAILURE') return 'failed';
  if (status === 'IN_PROGRESS' || status === 'UNKNOWN') return 'in_progress';
  return 'queued';
}

/** A task as OpenAI's Video object, under its public id (`id` and `task_id`). */
export function videoObject(row: TaskRow): Record<string, unknown> {
  const props = propsOf(row);
  const data = publicData(row);
  const stored = isObject(data) ? data : {};
  const upstreamError = isObject(stored.error) ? stored.error : {};
  const finished = Number(row.finish_time);
  const seconds = props.seconds;
  return {
    id: row.task_id,
    task_id: row.task_id,
    object: 'video',
    model: typeof props.model === 'string' ? props.model : row.model_name,
    status: openaiStatus(row.status),
    progress: Math.min(100, Math.max(0, Number.parseInt(row.progress, 10) || 0)),
    created_at: Number(row.submit_time),
    completed_at: finished > 0 ? finished : null,
    expires_at: typeof stored.expires_at === 'number' ? stored.expires_at : null,
    prompt: row.prompt,
    seconds: typeof seconds === 'number' || typeof seconds === 'string' ? String(seconds) : '',
    size: typeof props.size === 'string' ? props.size : '',
    remixed_from_video_id: typeof props.remix_of === 'string' ? props.remix_of : null,
    error:
      row.status === 'FAILURE'
        ? {
            code: typeof upstreamError.code === 'string' ? upstreamError.code : 'task_failed',
            message: row.fail_reason,
          }
        : null,
  };
}

/** A task's status in Kling's words. */
function klingStatus(status: string): string {
  if (status === 'SUCCESS') return 'succeed';
  if (status === 'FAILURE') return 'failed';
  if (status === 'IN_PROGRESS' || status === 'UNKNOWN') return 'processing';
  return 'submitted';
}

/** A task in Kling's envelope `{code: 0, message, request_id, data}`, under its public id. */
export function klingEnvelope(row: TaskRow, requestId: string): Record<string, unknown> {
  const data = publicData(row);
  const stored = isObject(data) ? data : {};
  return {
    code: 0,
    message: 'SUCCEED',
    request_id: requestId,
    data: {
      task_id: row.task_id,
      task_status: klingStatus(row.status),
      task_status_msg: row.fail_reason,
      task_info: isObject(stored.task_info) ? stored.task_info : {},
      created_at: Number(row.submit_time) * 1000,
      updated_at: Number(row.updated_at) * 1000,
      task_result: isObject(stored.task_result) ? stored.task_result : { videos: [] },
    },
  };
}
