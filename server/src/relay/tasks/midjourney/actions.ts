import { z } from 'zod';
import { AppError } from '../../../errors.js';

/**
 * What a Midjourney submit asks for: the drawing action, the priced model, and the earlier
 * drawing it continues (if any). Built from the submit path and body; nothing is sent yet.
 */
export interface MjRequest {
  /** `IMAGINE`, `UPSCALE`, `VARIATION`, `MODAL` … (the row's action). */
  action: string;
  /** The priced model name (`mj_imagine`, `mj_modal`, `swap_face` …). */
  model: string;
  /** The public id of the drawing it continues; '' for a new one. */
  parentId: string;
  /** Prompt of the new drawing ('' when it copies its parent's). */
  prompt: string;
}

/** The submit paths under `/mj`, with the action of a new drawing ('' = decided by the body). */
export const submitPaths: Readonly<Record<string, string>> = {
  '/submit/imagine': 'IMAGINE',
  '/submit/describe': 'DESCRIBE',
  '/submit/blend': 'BLEND',
  '/submit/shorten': 'SHORTEN',
  '/submit/edits': 'EDITS',
  '/submit/video': 'VIDEO',
  '/submit/upload-discord-images': 'UPLOAD',
  '/insight-face/swap': 'SWAP_FACE',
  '/submit/action': '',
  '/submit/change': '',
  '/submit/simple-change': '',
  '/submit/modal': 'MODAL',
};

// ---- Bodies. Unknown fields pass through to the upstream (Plus has many); these are checked.

const text = (max: number) => z.string().trim().max(max);
/** A required prompt: missing or blank answers `task_prompt_required`. */
const prompt = z
  .string({ error: 'task_prompt_required' })
  .trim()
  .min(1, 'task_prompt_required')
  .max(8000);
const taskId = z
  .union([z.string(), z.number().int()], { error: 'taskId is required' })
  .transform(String)
  .pipe(z.string().trim().min(1, 'taskId is required').max(32));
const image = z.string().max(20_000_000);

/** Fields every submit may carry. */
const common = {
  state: text(2000).optional(),
  notifyHook: z.string().optional(),
  botType: text(32).optional(),
  accountFilter: z.looseObject({ modes: z.array(z.string()).optional() }).optional(),
};

const promptBody = z.looseObject({ ...common, prompt });
const imagineBody = z.looseObject({
  ...common,
  prompt,
  base64Array: z.array(image).max(5, 'at most 5 reference images').optional(),
});
/** A base64 image: a `data:` URL, or bare base64. */
const base64Image = image.regex(
  /^(data:[\w.+-]+\/[\w.+-]+;base64,)?[A-Za-z0-9+/=\s]+$/,
  'each image must be base64 (a data: URL)',
);
const blendBody = z.looseObject({
  ...common,
  base64Array: z
    .array(base64Image, { error: '2 to 5 images are required' })
    .min(2, '2 to 5 images are required')
    .max(5, '2 to 5 images are required'),
  dimensions: z.enum(['PORTRAIT', 'SQUARE', 'LANDSCAPE']).optional(),
});
const describeBody = z
  .looseObject({ ...common, base64: image.optional(), link: text(8000).optional() })
  .refine((b) => Boolean(b.base64 || b.link), {
    message: 'an image (base64 or link) is required',
    path: ['base64'],
  });
const uploadBody = z.looseObject({
  base64Array: z
    .array(image, { error: 'at least one image is required' })
    .min(1, 'at least one image is required')
    .max(10, 'at most 10 images'),
});
const swapBody = z
  .looseObject({
    ...common,
    sourceBase64: image.optional(),
    sourceUrl: text(8000).optional(),
    targetBase64: image.optional(),
    targetUrl: text(8000).optional(),
  })
  .refine((b) => Boolean(b.sourceBase64 || b.sourceUrl), {
    message: 'a source face (sourceBase64 or sourceUrl) is required',
    path: ['sourceBase64'],
  })
  .refine((b) => Boolean(b.targetBase64 || b.targetUrl), {
    message: 'a target image (targetBase64 or targetUrl) is required',
    path: ['targetBase64'],
  });
const videoBody = z
  .looseObject({
    ...common,
    prompt: text(8000).optional(),
    image: image.optional(),
    taskId: taskId.optional(),
  })
  .refine((b) => Boolean(b.image || b.taskId), {
    message: 'an image, or the taskId of a video to extend, is required',
    path: ['image'],
  });
const modalBody = z.looseObject({
  ...common,
  taskId,
  prompt: text(8000).optional(),
  maskBase64: image.optional(),
});
const actionBody = z.looseObject({
  ...common,
  taskId,
  customId: z
    .string({ error: 'customId is required' })
    .trim()
    .min(1, 'customId is required')
    .max(500),
});
const changeBody = z
  .looseObject({
    ...common,
    taskId,
    action: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(['UPSCALE', 'VARIATION', 'REROLL'], { error: 'task_action_unknown' }),
    ),
    index: z.coerce.number<unknown>().int().min(1).max(4).optional(),
  })
  .refine((b) => b.action === 'REROLL' || b.index !== undefined, {
    message: '1 to 4',
    path: ['index'],
  });
const simpleChangeBody = z.looseObject({
  ...common,
  content: z
    .string({ error: '"<taskId> U1…U4, V1…V4 or R" is required' })
    .trim()
    .regex(/^\d{1,32}\s+([UV][1-4]|R)$/i, '"<taskId> U1…U4, V1…V4 or R" is required'),
});

/** The value at a path of the raw body (for the message of a refused field). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Parses a body, refusing it with the drawing messages (`task_field_invalid` …). */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.message === 'task_prompt_required') throw new AppError('task_prompt_required');
  if (issue.message === 'task_action_unknown') {
    const given = valueAt(body, issue.path);
    throw new AppError('task_action_unknown', {
      action: typeof given === 'string' && given !== '' ? given.slice(0, 64) : '(none)',
    });
  }
  const field = issue.path.map(String).join('.') || 'body';
  const detail = issue.code === 'invalid_type' && issue.path.length === 0 ? 'a JSON object' : '';
  throw new AppError('task_field_invalid', { field, detail: detail || issue.message });
}

/** The action a Midjourney button (`customId`) presses, as new-api names them. */
export function actionOfCustomId(customId: string): string {
  const parts = customId.split('::');
  const unknown = () => new AppError('task_action_unknown', { action: customId.slice(0, 200) });
  if (parts[0] !== 'MJ' || parts.length < 3) throw unknown();
  const word = parts[1] === 'JOB' ? (parts[2] ?? '') : (parts[1] ?? '');
  if (word.startsWith('upsample')) return 'UPSCALE';
  if (word === 'variation') return 'VARIATION';
  if (word === 'low_variation') return 'LOW_VARIATION';
  if (word === 'high_variation') return 'HIGH_VARIATION';
  if (word.startsWith('pan')) return 'PAN';
  if (word === 'reroll') return 'REROLL';
  if (word === 'Outpaint') return 'ZOOM';
  if (word === 'CustomZoom') return 'CUSTOM_ZOOM';
  if (word === 'Inpaint') return 'INPAINT';
  throw unknown();
}

/** The priced model of an action: `mj_<action>`, `swap_face`, `mj_upload`. */
const modelOf = (action: string): string =>
  action === 'SWAP_FACE'
    ? 'swap_face'
    : action === 'UPLOAD'
      ? 'mj_upload'
      : `mj_${action.toLowerCase()}`;

const fresh = (action: string, prompt = ''): MjRequest => ({
  action,
  model: modelOf(action),
  parentId: '',
  prompt,
});
const continued = (action: string, parentId: string, prompt = ''): MjRequest => ({
  action,
  model: modelOf(action),
  parentId,
  prompt,
});

/**
 * Reads a submit (path without the mode prefix, e.g. `/submit/imagine`): its action, price
 * model, parent and prompt. Refuses what is malformed before anything is charged.
 */
export function readMjRequest(path: string, body: unknown): MjRequest {
  const fixed = submitPaths[path];
  if (fixed === undefined) throw new AppError('task_action_unknown', { action: path });
  switch (path) {
    case '/submit/imagine':
      return fresh(fixed, parseBody(imagineBody, body).prompt);
    case '/submit/shorten':
    case '/submit/edits':
      return fresh(fixed, parseBody(promptBody, body).prompt);
    case '/submit/blend':
      parseBody(blendBody, body);
      return fresh(fixed);
    case '/submit/describe':
      parseBody(describeBody, body);
      return fresh(fixed);
    case '/submit/upload-discord-images':
      parseBody(uploadBody, body);
      return fresh(fixed);
    case '/insight-face/swap':
      parseBody(swapBody, body);
      return fresh(fixed);
    case '/submit/video': {
      const video = parseBody(videoBody, body);
      return continued(fixed, video.taskId ?? '', video.prompt ?? '');
    }
    case '/submit/modal': {
      // The region or zoom window was free; confirming it is what is billed.
      const modal = parseBody(modalBody, body);
      return continued('MODAL', modal.taskId, modal.prompt ?? '');
    }
    case '/submit/action': {
      const action = parseBody(actionBody, body);
      return continued(actionOfCustomId(action.customId), action.taskId);
    }
    case '/submit/change': {
      const change = parseBody(changeBody, body);
      return continued(change.action, change.taskId);
    }
    default: {
      // simple-change: "<taskId> U2"
      const [id = '', button = ''] = parseBody(simpleChangeBody, body).content.split(/\s+/);
      const b = button.toUpperCase();
      const action = b === 'R' ? 'REROLL' : b.startsWith('U') ? 'UPSCALE' : 'VARIATION';
      return continued(action, id);
    }
  }
}

/** Speed-mode flags in a prompt. */
const modeFlag = /\s*--(fast|relax|turbo)\b/gi;

/** The speed mode a prompt asks for with `--fast`, `--relax` or `--turbo`; '' when none. */
export function promptMode(prompt: string): string {
  const found = [...prompt.matchAll(modeFlag)].at(-1);
  return found ? found[1]!.toLowerCase() : '';
}

/** The prompt without speed-mode flags. */
export const withoutModeFlags = (prompt: string): string => prompt.replace(modeFlag, '').trim();
