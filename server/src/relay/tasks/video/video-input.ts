import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { AppError, invalidRequest } from '../../../errors.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import type { KlingKind } from './kling.js';
import { boundaryOf, parseMultipart, textFields } from './multipart.js';
import {
  checkKlingDuration,
  checkSora,
  videoPlatformOf,
  type SoraBody,
  type VideoJob,
} from './submit-video.js';

/**
 * Reading the video routes' bodies into checked jobs: OpenAI's `POST /v1/videos` (JSON or
 * multipart), the unified `POST /v1/video/generations`, and Kling's own text2video/image2video.
 */

/** A string field; numbers count as their text (`"seconds": 8`). */
const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';

/** Keys of a client body never sent upstream: callbacks would reveal the upstream's ids. */
const withoutPrivate = (body: JsonObject): JsonObject => {
  const copy: JsonObject = { ...body };
  delete copy.callback_url;
  delete copy.model;
  return copy;
};

/** What every video route asks for, before the protocol is known. */
interface VideoAsk {
  model: string;
  prompt: string;
  /** '' = the protocol's default. */
  seconds: string;
  size: string;
  /** An input image (URL or base64); '' for text to video. */
  image: string;
  /** Vendor extras (unified route). */
  metadata: JsonObject;
}

/** Kling's aspect ratio for a size, as new-api maps it. */
function aspectOf(size: string): string {
  if (size === '1024x1024' || size === '512x512') return '1:1';
  if (size === '1280x720' || size === '1920x1080') return '16:9';
  if (size === '720x1280' || size === '1080x1920') return '9:16';
  return /^\d+:\d+$/.test(size) ? size : '';
}

/** A Kling job from a protocol-neutral ask (unified route, or a Kling model on `/v1/videos`). */
function klingJob(ask: VideoAsk): VideoJob {
  const duration = ask.seconds || '5';
  checkKlingDuration(duration);
  const meta = withoutPrivate(ask.metadata);
  const aspect = str(meta.aspect_ratio) || aspectOf(ask.size) || '16:9';
  const kind: KlingKind = ask.image ? 'image2video' : 'text2video';
  const body: JsonObject = {
    mode: 'std',
    cfg_scale: 0.5,
    ...meta,
    prompt: ask.prompt,
    duration,
    aspect_ratio: aspect,
    ...(ask.image ? { image: ask.image } : {}),
  };
  return {
    platform: 'kling',
    model: ask.model,
    prompt: ask.prompt,
    seconds: Number(duration),
    size: aspect,
    action: ask.image ? 'generate' : 'textGenerate',
    kling: { kind, body },
  };
}

/** A Sora job: length and size checked for the model. */
function soraJob(ask: VideoAsk, body: SoraBody): VideoJob {
  const seconds = ask.seconds || '4';
  const size = ask.size || '720x1280';
  checkSora(ask.model, seconds, size);
  return {
    platform: 'sora',
    model: ask.model,
    prompt: ask.prompt,
    seconds: Number(seconds),
    size,
    action: ask.image ? 'generate' : 'textGenerate',
    sora: body,
  };
}

function jsonBody(req: FastifyRequest): JsonObject {
  const body: unknown = req.body ?? {};
  if (!isObject(body)) throw invalidRequest('the request body must be a JSON object');
  return body;
}

/** `POST /v1/videos`: OpenAI's create, JSON or multipart (the multipart body kept as it is). */
export function openaiVideoJob(ctx: AppContext, req: FastifyRequest, who: KeyCaller): VideoJob {
  let ask: VideoAsk;
  let sora: SoraBody;
  if (Buffer.isBuffer(req.body)) {
    const boundary = boundaryOf(req.headers['content-type']);
    const form = boundary ? parseMultipart(req.body, boundary) : null;
    if (!form) throw invalidRequest('the multipart body could not be read');
    const fields = textFields(form);
    const reference = form.parts.find((p) => p.name === 'input_reference');
    // A file is only read out for Kling (as base64); Sora gets the body as it came.
    const image =
      fields.input_reference ??
      (!reference
        ? ''
        : videoPlatformOf(ctx, who, fields.model?.trim() || 'sora-2') === 'kling'
          ? form.raw.toString('base64', reference.start, reference.end)
          : 'file');
    ask = {
      model: fields.model?.trim() || 'sora-2',
      prompt: fields.prompt ?? '',
      seconds: fields.seconds?.trim() ?? '',
      size: fields.size?.trim() ?? '',
      image,
      metadata: {},
    };
    sora = { form };
  } else {
    const body = jsonBody(req);
    ask = {
      model: str(body.model) || 'sora-2',
      prompt: typeof body.prompt === 'string' ? body.prompt : '',
      seconds: str(body.seconds),
      size: str(body.size),
      image: str(body.input_reference),
      metadata: {},
    };
    sora = { json: body };
  }
  if (!ask.prompt.trim()) throw new AppError('task_prompt_required');
  return videoPlatformOf(ctx, who, ask.model) === 'kling' ? klingJob(ask) : soraJob(ask, sora);
}

/** `POST /v1/video/generations`: the unified request, routed by the model's channel type. */
export function unifiedVideoJob(ctx: AppContext, req: FastifyRequest, who: KeyCaller): VideoJob {
  const body = jsonBody(req);
  const images = Array.isArray(body.images) ? body.images : [];
  const metadata = isObject(body.metadata) ? withoutPrivate(body.metadata) : {};
  const ask: VideoAsk = {
    model: str(body.model),
    prompt: typeof body.prompt === 'string' ? body.prompt : '',
    seconds: str(body.seconds) || str(body.duration),
    size: str(body.size),
    image: str(body.image) || str(images[0]),
    metadata: { ...metadata, ...(str(body.mode) ? { mode: str(body.mode) } : {}) },
  };
  if (!ask.model) throw new AppError('task_field_invalid', { field: 'model', detail: 'required' });
  if (!ask.prompt.trim()) throw new AppError('task_prompt_required');
  if (videoPlatformOf(ctx, who, ask.model) === 'kling') return klingJob(ask);
  const json: JsonObject = {
    ...metadata,
    prompt: ask.prompt,
    ...(ask.image ? { input_reference: ask.image } : {}),
  };
  return soraJob(ask, { json });
}

/** `POST /kling/v1/videos/{kind}`: Kling's own body, forwarded with the model mapped. */
export function klingNativeJob(req: FastifyRequest, kind: KlingKind): VideoJob {
  const body = jsonBody(req);
  const model = str(body.model_name) || str(body.model) || 'kling-v1';
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  if (!prompt.trim()) throw new AppError('task_prompt_required');
  if (prompt.length > 2500) {
    throw new AppError('task_field_invalid', {
      field: 'prompt',
      detail: 'at most 2500 characters',
    });
  }
  const duration = str(body.duration) || '5';
  checkKlingDuration(duration);
  const image = str(body.image);
  if (kind === 'image2video' && !image) {
    throw new AppError('task_field_invalid', { field: 'image', detail: 'an image is required' });
  }
  const forward: JsonObject = { ...withoutPrivate(body), prompt, duration };
  delete forward.model_name;
  return {
    platform: 'kling',
    model,
    prompt,
    seconds: Number(duration),
    size: str(body.aspect_ratio),
    action: kind === 'image2video' ? 'generate' : 'textGenerate',
    kling: { kind, body: forward },
  };
}
