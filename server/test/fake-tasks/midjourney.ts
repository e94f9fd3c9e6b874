import { randomUUID } from 'node:crypto';
import {
  field,
  isRecord,
  json,
  springError,
  startServer,
  type Exchange,
  type FakeBase,
  type Route,
} from './common.js';
import {
  callbackSender,
  defaultSlowMs,
  driveTasks,
  fateOf,
  markersOf,
  planFor,
  slowIf,
  type Marker,
  type SentCallback,
  type TaskDriver,
} from './task-lifecycle.js';
import {
  buttonsFor,
  gridActions,
  mjWire,
  newMjId,
  pressOf,
  type MjPress,
  type MjRequest,
  type MjSpeed,
  type MjSubmitAnswer,
  type MjTask,
} from './midjourney-wire.js';

/**
 * A fake Midjourney-Proxy (the open-source protocol plus the "Plus" superset) on 127.0.0.1.
 *
 * Wire: `mj-api-secret` checked when `secret` is set (401, empty body); every route also under
 * `/mj-fast`, `/mj-relax`, `/mj-turbo` (recorded as `requests[].mode`; the task's `mode` is the
 * prefix, else `accountFilter.modes[0]`, else a `--fast/--relax/--turbo` prompt flag); submit
 * answers `{code, description, result, properties}`; times in milliseconds; ids are unique
 * 16-digit numeric strings.
 *
 * Lifecycle, one stage per read (`GET /mj/task/{id}/fetch`, `POST /mj/task/list-by-condition`):
 * NOT_START → SUBMITTED → IN_PROGRESS 0% → 25% → 50% → 75% → SUCCESS (100%, `imageUrl`,
 * `finishTime`, `buttons` of customIds built from the task's hash; describe: four numbered
 * prompts in `properties.finalPrompt`; video: `videoUrl`, `videoUrls`). Inpaint / CustomZoom
 * buttons answer 21 with a task in MODAL until `/mj/submit/modal`; cancel gives CANCEL. A task
 * with a submit `notifyHook` POSTs its whole JSON there on every change, in order.
 *
 * Prompt markers (in `prompt`, or in `state` for requests without a prompt):
 * - `#fail` fails at IN_PROGRESS 25% (`failReason`, progress ""), `#never` stays at 75%,
 *   `#vanish` is accepted, then left out of every query, `#unknown` reads as status UNKNOWN.
 * - `#queue` → code 22 (`numberOfQueues`), accepted; `#dup` → code 21 "exists", stored SUCCESS.
 * - `#banned` → 24 (`promptEn`, `bannedWord`), `#noinstance` → 3, `#queuefull` → 23 with a
 *   result id that is never stored, `#refuse` / `#invalid` → 4.
 * - `#slow` answers the submit after `slowMs` (default 2000 ms); the task exists meanwhile.
 * Pressing U<n> twice on a task answers 21 with the first upscale (`{status, imageUrl}`).
 */

export interface FakeMidjourneyOptions {
  /** The `mj-api-secret` to require; none = no auth. */
  secret?: string;
  /** How long `#slow` submits wait (ms). */
  slowMs?: number;
}

/** A running fake Midjourney-Proxy. */
export interface FakeMidjourney extends FakeBase<MjRequest>, TaskDriver {
  tasks: Map<string, MjTask>;
  /** Every notifyHook POST made, in order. */
  callbacks: SentCallback[];
  /** Resolves once every callback queued so far was sent. */
  callbacksSent(): Promise<void>;
}

const instanceId = '1118138338562560102';
const defaultFailReason = 'Request cancelled due to output filters';
const lifecycle = {
  success: [
    'NOT_START',
    'SUBMITTED',
    'IN_PROGRESS:0',
    'IN_PROGRESS:25',
    'IN_PROGRESS:50',
    'IN_PROGRESS:75',
    'SUCCESS',
  ],
  failAfter: 4,
  failure: 'FAILURE',
  unknown: 'UNKNOWN',
};
const terminal = new Set(['SUCCESS', 'FAILURE', 'CANCEL']);

/** Four numbered prompts, as describe answers. */
const describePrompts = [
  '1️⃣ a red fox curled up in fresh snow, soft morning light, watercolor --ar 1:1',
  '2️⃣ a small fox sleeping in a snowy forest clearing, pastel tones --ar 1:1',
  '3️⃣ minimalist illustration of a fox in winter, muted palette --ar 1:1',
  '4️⃣ cozy winter scene with a fox and falling snow, storybook style --ar 1:1',
].join('\n\n');

const shortenPrompts = (prompt: string) =>
  ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣']
    .map(
      (n, i) =>
        `${n} ${prompt
          .split(/\s+/)
          .slice(0, 5 - i)
          .join(' ')}`,
    )
    .join('\n\n');

const isDataUrl = (v: unknown) =>
  typeof v === 'string' && /^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=]*$/.test(v);

type Outcome = { http: number; body: MjSubmitAnswer };

const answer = (
  code: number,
  description: string,
  result: MjSubmitAnswer['result'] = null,
  properties: Record<string, unknown> = {},
  http = 200,
): Outcome => ({ http, body: { code, description, result, properties } });

const invalid = (description: string) => answer(4, description);

/** A submit's context: its body, markers and speed mode. */
interface Submit {
  x: Exchange;
  body: Record<string, unknown>;
  markers: Set<Marker>;
  mode: MjTask['mode'];
}

function modeOf(req: MjRequest, body: Record<string, unknown>): MjTask['mode'] {
  const filter = isRecord(body.accountFilter) ? body.accountFilter : {};
  const modes = Array.isArray(filter.modes) ? filter.modes : [];
  const flag = /--(fast|relax|turbo)\b/i.exec(field(body, 'prompt'))?.[1];
  const mode = req.mode ?? (typeof modes[0] === 'string' ? modes[0] : undefined) ?? flag;
  const upper = mode?.toUpperCase();
  return upper === 'FAST' || upper === 'RELAX' || upper === 'TURBO' ? upper : null;
}

/** The refusal a marker asks for, if any. */
function markerRefusal(s: Submit): Outcome | null {
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

/** Starts a fake Midjourney-Proxy; see the file's comment for its behaviour and markers. */
export async function startFakeMidjourney(
  options: FakeMidjourneyOptions = {},
): Promise<FakeMidjourney> {
  const tasks = new Map<string, MjTask>();
  const slowMs = options.slowMs ?? defaultSlowMs;
  const callbacks = callbackSender();
  let base = '';

  const apply = (t: MjTask, stage: string): void => {
    const [status = '', percent = '0'] = stage.split(':');
    const now = Date.now();
    if (status === 'IN_PROGRESS') {
      t.status = status;
      t.progress = `${percent}%`;
      t.startTime ??= now;
      if (percent !== '0') t.imageUrl = `${base}/files/${t.id}-preview.png`;
    } else if (status === 'SUCCESS') succeed(t, now);
    else if (status === 'FAILURE') {
      t.status = status;
      t.progress = '';
      t.failReason = t.meta.reason ?? defaultFailReason;
      t.finishTime = now;
    } else {
      t.status = status;
      if (status === 'CANCEL') t.finishTime = now;
    }
  };

  function succeed(t: MjTask, now: number): void {
    t.status = 'SUCCESS';
    t.progress = '100%';
    t.startTime ??= now;
    t.finishTime = now;
    t.imageUrl = `${base}/files/${t.id}.png`;
    t.buttons = buttonsFor(t.action, t.meta.hash);
    if (gridActions.has(t.action)) {
      t.imageUrls = [1, 2, 3, 4].map((i) => {
        const url = `${base}/files/${t.id}-${i}.png`;
        return { url, thumbnail: url };
      });
    }
    if (t.action === 'VIDEO' || t.action === 'VIDEO_EXTEND') {
      t.videoUrls = Array.from({ length: t.meta.batchSize }, (_, i) => ({
        url: `${base}/files/${t.id}-${i + 1}.mp4`,
      }));
      t.videoUrl = t.videoUrls[0]?.url ?? null;
    }
    if (t.action === 'DESCRIBE') {
      t.prompt = describePrompts;
      t.promptEn = describePrompts;
      t.properties.finalPrompt = describePrompts;
    }
    if (t.action === 'SHORTEN') t.properties.finalPrompt = shortenPrompts(t.prompt);
  }

  const drive = driveTasks(tasks, {
    apply,
    success: 'SUCCESS',
    failure: 'FAILURE',
    changed: (t) => {
      if (t.meta.hook) callbacks.post(t.meta.hook, mjWire(t));
    },
  });

  /** The task of `id` as the proxy still knows it (vanished tasks are forgotten). */
  const known = (id: string): MjTask | undefined => {
    const t = tasks.get(id);
    return t && t.meta.fate !== 'vanish' ? t : undefined;
  };

  /** A new task in NOT_START (or on `plan`, when given). */
  function createTask(
    s: Submit,
    action: string,
    init: { prompt?: string; description?: (id: string) => string; customId?: string },
    plan?: string[],
  ): MjTask {
    const id = newMjId();
    const prompt = init.prompt ?? field(s.body, 'prompt');
    const hook = field(s.body, 'notifyHook');
    const fate = fateOf(s.markers);
    const botType = field(s.body, 'botType');
    const t: MjTask = {
      id,
      action,
      customId: init.customId ?? '',
      botType: /^(NIJI_JOURNEY|niji)$/.test(botType) ? 'NIJI_JOURNEY' : 'MID_JOURNEY',
      prompt,
      promptEn: prompt,
      description: init.description?.(id) ?? `/${action.toLowerCase()} ${prompt}`.trim(),
      state: field(s.body, 'state'),
      mode: s.mode,
      submitTime: Date.now(),
      startTime: null,
      finishTime: null,
      imageUrl: null,
      imageUrls: [],
      videoUrl: null,
      videoUrls: [],
      status: 'NOT_START',
      progress: '0%',
      failReason: null,
      buttons: [],
      maskBase64: '',
      properties: {
        discordInstanceId: instanceId,
        finalPrompt: prompt,
        finalZhPrompt: '',
        ...(hook ? { notifyHook: hook } : {}),
      },
      meta: {
        fate,
        plan: plan ?? planFor(fate, lifecycle),
        stage: 0,
        hash: randomUUID(),
        hook,
        batchSize: Math.min(4, Math.max(1, Number(s.body.batchSize) || 4)),
      },
    };
    apply(t, t.meta.plan[0] ?? 'NOT_START');
    tasks.set(id, t);
    return t;
  }

  /** The answer to an accepted task: 21 for `#dup` (stored finished), 22 for `#queue`, else 1. */
  function accepted(s: Submit, t: MjTask): Outcome {
    if (s.markers.has('dup')) {
      t.meta.plan = ['SUCCESS'];
      apply(t, 'SUCCESS');
      return answer(21, '任务已存在', t.id, { status: t.status, imageUrl: t.imageUrl });
    }
    if (s.markers.has('queue')) {
      const ahead = [...tasks.values()].filter(
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

  /** A submit creating a task of its own: marker refusals, `check`, then the task. */
  function fresh(
    s: Submit,
    action: string,
    check: string | null,
    init: Parameters<typeof createTask>[2] = {},
  ): Outcome {
    const refused = markerRefusal(s);
    if (refused) return refused;
    if (check) return invalid(check);
    return accepted(s, createTask(s, action, init));
  }

  /** The finished task an action works on, or the answer refusing it. */
  function relatedTask(taskId: string): MjTask | Outcome {
    const parent = known(taskId);
    if (!parent) return answer(3, '关联任务不存在或已失效', null, {}, 404);
    if (parent.status !== 'SUCCESS') return invalid('关联任务状态错误');
    return parent;
  }

  /** Presses a button of a finished task (action, change, simple-change). */
  function press(s: Submit, taskId: string, p: MjPress, customId: string): Outcome {
    const parent = relatedTask(taskId);
    if ('http' in parent) return parent;
    const label = /^([UV][1-4]|R)$/.test(p.label) ? p.label : customId;
    const description = `/up ${parent.id} ${label}`;
    const init = { prompt: parent.prompt, description: () => description, customId };
    if (p.modal) {
      const t = createTask(s, p.action, init, ['MODAL']);
      return answer(21, 'Waiting for window confirm', t.id, {
        finalPrompt: parent.prompt,
        remix: true,
        discordInstanceId: instanceId,
      });
    }
    if (p.action === 'UPSCALE') {
      const done = [...tasks.values()].find((o) => o.description === description);
      if (done) {
        return answer(21, '任务已存在', done.id, { status: done.status, imageUrl: done.imageUrl });
      }
    }
    const refused = markerRefusal(s);
    if (refused) return refused;
    return accepted(s, createTask(s, p.action, init));
  }

  const changeWords: Record<string, string> = { UPSCALE: 'U', VARIATION: 'V', REROLL: 'R' };
  const customIdOf = (parent: MjTask | undefined, label: string) => {
    const hash = parent?.meta.hash ?? '';
    if (label === 'R') return `MJ::JOB::reroll::0::${hash}::SOLO`;
    const word = label.startsWith('U') ? 'upsample' : 'variation';
    return `MJ::JOB::${word}::${label.slice(1)}::${hash}`;
  };

  /** `/submit/change`: `{taskId, action, index}`. */
  function change(s: Submit): Outcome {
    const letter = changeWords[field(s.body, 'action')];
    const index = Number(s.body.index);
    if (!letter) return invalid('action参数错误');
    if (letter !== 'R' && !(index >= 1 && index <= 4)) return invalid('index参数错误');
    const label = letter === 'R' ? 'R' : `${letter}${index}`;
    return changeBy(s, field(s.body, 'taskId'), label);
  }

  function changeBy(s: Submit, taskId: string, label: string): Outcome {
    const action = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' }[label[0] as 'U' | 'V' | 'R'];
    const customId = customIdOf(tasks.get(taskId), label);
    return press(s, taskId, { action, label, modal: false }, customId);
  }

  /** `/submit/modal`: confirms a task waiting in MODAL; it goes on with the same id. */
  function modal(s: Submit): Outcome {
    const t = known(field(s.body, 'taskId'));
    if (!t) return answer(3, '任务不存在', null, {}, 404);
    if (t.status !== 'MODAL') return invalid('任务状态错误');
    const prompt = field(s.body, 'prompt');
    if (prompt) t.prompt = t.promptEn = prompt;
    t.maskBase64 = field(s.body, 'maskBase64');
    t.meta.fate = fateOf(s.markers);
    drive.jump(t, ...planFor(t.meta.fate, lifecycle).slice(1));
    return answer(1, '提交成功', t.id, { discordInstanceId: instanceId });
  }

  function video(s: Submit): Outcome {
    if (field(s.body, 'action') === 'extend') {
      const parent = relatedTask(field(s.body, 'taskId'));
      if ('http' in parent) return parent;
      return fresh(s, 'VIDEO_EXTEND', null, {
        prompt: field(s.body, 'prompt') || parent.prompt,
      });
    }
    return fresh(s, 'VIDEO', field(s.body, 'image') ? null : 'image不能为空');
  }

  function upload(s: Submit): Outcome {
    const images = Array.isArray(s.body.base64Array) ? s.body.base64Array : [];
    if (images.length === 0) return invalid('base64List参数错误');
    if (!images.every(isDataUrl)) return invalid('base64格式错误');
    const batch = newMjId();
    const urls = images.map((_, i) => `${base}/files/upload-${i}.png?batch=${batch}`);
    return answer(1, '成功', urls);
  }

  const editCheck = (s: Submit) =>
    !field(s.body, 'prompt') ? 'prompt不能为空' : !field(s.body, 'image') ? 'image不能为空' : null;
  const swap = (s: Submit) => {
    const has = (a: string, b: string) => Boolean(field(s.body, a) || field(s.body, b));
    const check =
      has('sourceBase64', 'sourceUrl') && has('targetBase64', 'targetUrl')
        ? null
        : 'source和target不能为空';
    return fresh(s, 'SWAP_FACE', check, { prompt: '', description: () => '/swap_face' });
  };

  const submits: Record<string, (s: Submit) => Outcome> = {
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
    action: (s) => {
      const customId = field(s.body, 'customId');
      const p = pressOf(customId);
      if (!p) return invalid('customId参数错误');
      return press(s, field(s.body, 'taskId'), p, customId);
    },
    change,
    'simple-change': (s) => {
      const m = /^\s*(\d+)\s+([UV][1-4]|R)\s*$/i.exec(field(s.body, 'content'));
      if (!m) return invalid('content参数错误');
      return changeBy(s, m[1] ?? '', (m[2] ?? '').toUpperCase());
    },
    modal,
  };

  /** A submit route: builds the context, answers (after `#slow`'s wait). */
  const submitRoute =
    (handler: (s: Submit) => Outcome) =>
    async (x: Exchange): Promise<void> => {
      const req = x.req as MjRequest;
      if (!isRecord(req.body)) return json(x.res, 400, springError(400, req.path));
      const body = req.body;
      const markers = markersOf(`${field(body, 'prompt')} ${field(body, 'state')}`);
      const out = handler({ x, body, markers, mode: modeOf(req, body) });
      await slowIf(markers, slowMs);
      json(x.res, out.http, out.body);
    };

  const mj = (p: string) => new RegExp(`^(?:/mj-(?:fast|relax|turbo))?/mj${p}$`);
  const route = (method: string, p: string, kind: Route['kind'], handle: Route['handle']) => ({
    method,
    pattern: mj(p),
    kind,
    handle,
  });
  const ids = (body: unknown): string[] => {
    const list = isRecord(body) && Array.isArray(body.ids) ? body.ids : [];
    return [...new Set(list.map(String))];
  };
  const listed = (x: Exchange) =>
    json(
      x.res,
      200,
      ids(x.req.body).flatMap((id) => {
        const t = known(id);
        return t ? [mjWire(drive.read(t))] : [];
      }),
    );

  const routes: Route[] = [
    ...Object.entries(submits).map(([name, handler]) =>
      route('POST', `/submit/${name}`, 'submit', submitRoute(handler)),
    ),
    route('POST', '/insight-face/swap', 'submit', submitRoute(swap)),
    route('GET', '/task/([^/]+)/fetch', 'query', (x) => {
      const t = known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, null);
      json(x.res, 200, mjWire(drive.read(t)));
    }),
    route('POST', '/task/list-by-condition', 'query', listed),
    route('POST', '/task/list-by-ids', 'query', listed),
    route('GET', '/task/([^/]+)/image-seed', 'other', (x) => {
      const t = known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, answer(3, '任务不存在').body);
      if (t.status !== 'SUCCESS') return json(x.res, 200, invalid('任务未完成').body);
      json(x.res, 200, answer(1, '成功', String(Number(t.id.slice(-9)) * 7 + 1)).body);
    }),
    route('POST', '/task/([^/]+)/cancel', 'other', (x) => {
      const t = known(x.params[0] ?? '');
      if (!t) return json(x.res, 404, answer(3, '任务不存在').body);
      if (terminal.has(t.status)) return json(x.res, 200, invalid('任务状态错误').body);
      drive.jump(t, 'CANCEL');
      json(x.res, 200, answer(1, '成功', t.id).body);
    }),
  ];

  const fake = await startServer<MjRequest>({
    routes,
    record: (req) => ({
      ...req,
      mode: (/^\/mj-(fast|relax|turbo)\//.exec(req.path)?.[1] as MjSpeed | undefined) ?? null,
    }),
    authorize: (req) =>
      options.secret && req.headers['mj-api-secret'] !== options.secret ? { status: 401 } : null,
    errorBody: (status, _message, req) => springError(status, req.path),
  });
  base = fake.url;
  return Object.assign(fake, {
    tasks,
    callbacks: callbacks.sent,
    callbacksSent: callbacks.idle,
    advanceAll: drive.advanceAll,
    finish: drive.finish,
    fail: drive.fail,
  });
}
