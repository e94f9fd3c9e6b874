import { field, isRecord, json, springError, type Exchange } from './common.js';
import { markersOf, slowIf } from './task-lifecycle.js';
import type { MjTaskStore, TaskInit, TaskSource } from './midjourney-tasks.js';
import {
  answer,
  instanceId,
  invalid,
  newMjId,
  type MjRequest,
  type MjTask,
  type Outcome,
} from './midjourney-wire.js';

// The fake Midjourney-Proxy's submits: the context they get, how they answer, and those that
// start a task of their own (button presses are in `midjourney-actions.ts`).

/** A submit's context: the fake's tasks, and the request's body, markers and speed mode. */
export interface Submit extends TaskSource {
  store: MjTaskStore;
}

/** A submit route's handler, by the path name after `/submit/`. */
export type SubmitHandler = (s: Submit) => Outcome;

const isDataUrl = (v: unknown) =>
  typeof v === 'string' && /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]*$/.test(v);

/** The task's speed mode: the path prefix, else `accountFilter.modes[0]`, else a prompt flag. */
function modeOf(req: MjRequest, body: Record<string, unknown>): MjTask['mode'] {
  const filter = isRecord(body.accountFilter) ? body.accountFilter : {};
  const modes = Array.isArray(filter.modes) ? filter.modes : [];
  const flag = /--(fast|relax|turbo)\b/i.exec(field(body, 'prompt'))?.[1];
  const mode = req.mode ?? (typeof modes[0] === 'string' ? modes[0] : undefined) ?? flag;
  const upper = mode?.toUpperCase();
  return upper === 'FAST' || upper === 'RELAX' || upper === 'TURBO' ? upper : null;
}

/** The refusal a marker asks for, if any. */
export function markerRefusal(s: Submit): Outcome | null {
  const prompt = field(s.body, 'prompt');
  if (s.markers.has('banned')) {
    return answer(24, '可能包含敏感词', null, { promptEn: prompt, bannedWord: 'nsfw' });
  }
  if (s.markers.has('noinstance')) return answer(3, '无可用的账号实例');
  if (s.markers.has('queuefull')) {
    return answer(23, '队列已满，请稍后尝试', newMjId(), { discordInstanceId: instanceId });
  }
  if (s.markers.has('refuse') || s.markers.has('invalid')) return invalid('参数校验错误');
  return null;
}

/** The answer to an accepted task: 21 for `#dup` (stored finished), 22 for `#queue`, else 1. */
export function accepted(s: Submit, t: MjTask): Outcome {
  if (s.markers.has('dup')) {
    s.store.settle(t);
    return answer(21, '任务已存在', t.id, { status: t.status, imageUrl: t.imageUrl });
  }
  if (s.markers.has('queue')) {
    const ahead = [...s.store.tasks.values()].filter(
      (o) => o !== t && (o.status === 'NOT_START' || o.status === 'SUBMITTED'),
    ).length;
    const n = Math.max(1, ahead);
    return answer(22, `排队中，前面还有${n}个任务`, t.id, {
      numberOfQueues: n,
      discordInstanceId: instanceId,
    });
  }
  return answer(1, '提交成功', t.id, { discordInstanceId: instanceId });
}

/** The finished task an action works on, or the answer refusing it. */
export function relatedTask(s: Submit, taskId: string): MjTask | Outcome {
  const parent = s.store.known(taskId);
  if (!parent) return answer(3, '关联任务不存在或已失效', null, {}, 404);
  if (parent.status !== 'SUCCESS') return invalid('关联任务状态错误');
  return parent;
}

/** A submit creating a task of its own: marker refusals, `check`, then the task. */
function fresh(s: Submit, action: string, check: string | null, init: TaskInit = {}): Outcome {
  const refused = markerRefusal(s);
  if (refused) return refused;
  if (check) return invalid(check);
  return accepted(s, s.store.create(s, action, init));
}

function video(s: Submit): Outcome {
  if (field(s.body, 'action') === 'extend') {
    const parent = relatedTask(s, field(s.body, 'taskId'));
    if ('http' in parent) return parent;
    return fresh(s, 'VIDEO_EXTEND', null, {
      prompt: field(s.body, 'prompt') || parent.prompt,
    });
  }
  return fresh(s, 'VIDEO', field(s.body, 'image') ? null : 'image不能为空');
}

/** Upload answers the images' links at once; it makes no task. */
function upload(s: Submit): Outcome {
  const images = Array.isArray(s.body.base64Array) ? s.body.base64Array : [];
  if (images.length === 0) return invalid('base64List参数错误');
  if (!images.every(isDataUrl)) return invalid('base64格式错误');
  const batch = newMjId();
  const urls = images.map((_, i) => `${s.store.base}/files/upload-${i}.png?batch=${batch}`);
  return answer(1, '成功', urls);
}

const editCheck = (s: Submit) =>
  !field(s.body, 'prompt') ? 'prompt不能为空' : !field(s.body, 'image') ? 'image不能为空' : null;

/** `/insight-face/swap` (not under `/submit/`): a source face and a target, each base64 or URL. */
export function swapFace(s: Submit): Outcome {
  const has = (a: string, b: string) => Boolean(field(s.body, a) || field(s.body, b));
  const check =
    has('sourceBase64', 'sourceUrl') && has('targetBase64', 'targetUrl')
      ? null
      : 'source和target不能为空';
  return fresh(s, 'SWAP_FACE', check, { prompt: '', description: () => '/swap_face' });
}

/** The submits that start a task of their own, plus the image upload. */
export const taskSubmits: Record<string, SubmitHandler> = {
  imagine: (s) => {
    const images = s.body.base64Array;
    const check = !field(s.body, 'prompt').trim()
      ? 'prompt不能为空'
      : images !== undefined && !(Array.isArray(images) && images.every(isDataUrl))
        ? 'base64格式错误'
        : null;
    return fresh(s, 'IMAGINE', check);
  },
  blend: (s) => {
    const images = Array.isArray(s.body.base64Array) ? s.body.base64Array : [];
    const dimensions = s.body.dimensions ?? 'SQUARE';
    const check =
      images.length < 2 || images.length > 5
        ? 'base64List参数错误'
        : !images.every(isDataUrl)
          ? 'base64格式错误'
          : !['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(String(dimensions))
            ? 'dimensions参数错误'
            : null;
    return fresh(s, 'BLEND', check, {
      prompt: '',
      description: (id) => `/blend ${id} ${images.length}`,
    });
  },
  describe: (s) => {
    const image = s.body.base64 ?? s.body.link;
    const check =
      image === undefined
        ? 'base64不能为空'
        : s.body.base64 !== undefined && !isDataUrl(s.body.base64)
          ? 'base64格式错误'
          : null;
    return fresh(s, 'DESCRIBE', check, {
      prompt: '',
      description: (id) => `/describe ${id}.png`,
    });
  },
  shorten: (s) => fresh(s, 'SHORTEN', field(s.body, 'prompt') ? null : 'prompt不能为空'),
  edits: (s) => fresh(s, 'EDIT', editCheck(s)),
  edit: (s) => fresh(s, 'EDIT', editCheck(s)),
  retexture: (s) => fresh(s, 'RETEXTURE', editCheck(s)),
  video,
  'upload-discord-images': upload,
};

/** A submit route: builds the context, answers (after `#slow`'s wait). */
export const submitRoute =
  (store: MjTaskStore, handler: SubmitHandler, slowMs: number) =>
  async (x: Exchange): Promise<void> => {
    const req = x.req as MjRequest;
    if (!isRecord(req.body)) return json(x.res, 400, springError(400, req.path));
    const body = req.body;
    const markers = markersOf(`${field(body, 'prompt')} ${field(body, 'state')}`);
    const out = handler({ store, body, markers, mode: modeOf(req, body) });
    await slowIf(markers, slowMs);
    json(x.res, out.http, out.body);
  };
