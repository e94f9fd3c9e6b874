// Midjourney-Proxy's paths, task JSON, submit answers and button customIds, as the fake speaks
// them.
import { randomInt } from 'node:crypto';
import type { ReceivedRequest, Route } from './common.js';
import type { TaskMeta } from './task-lifecycle.js';

/** A speed-mode path prefix. */
export type MjSpeed = 'fast' | 'relax' | 'turbo';

/** The speed-mode prefix a path starts with (`/mj-relax/mj/…`), if any. */
export const speedOf = (path: string): MjSpeed | null =>
  (/^\/mj-(fast|relax|turbo)\//.exec(path)?.[1] as MjSpeed | undefined) ?? null;

/** A route of the proxy: `/mj<path>`, and the same under every speed-mode prefix. */
export const mjRoute = (
  method: string,
  path: string,
  kind: Route['kind'],
  handle: Route['handle'],
): Route => ({
  method,
  pattern: new RegExp(`^(?:/mj-(?:fast|relax|turbo))?/mj${path}$`),
  kind,
  handle,
});

/** A request the fake received, with the mode of its path prefix. */
export interface MjRequest extends ReceivedRequest {
  mode: MjSpeed | null;
}

/** A button of a finished task. */
export interface MjButton {
  customId: string;
  emoji: string;
  label: string;
  type: number;
  style: number;
}

/** The fake's bookkeeping on a task. */
export interface MjMeta extends TaskMeta {
  /** Discord's message hash, in every customId of the task's buttons. */
  hash: string;
  /** The submit's `notifyHook` ('' = none). */
  hook: string;
  /** How many videos a video task makes. */
  batchSize: number;
}

/** A task as Midjourney-Proxy sends it (plus `meta`, never sent). */
export interface MjTask {
  id: string;
  action: string;
  customId: string;
  botType: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  mode: 'FAST' | 'RELAX' | 'TURBO' | null;
  submitTime: number;
  startTime: number | null;
  finishTime: number | null;
  imageUrl: string | null;
  imageUrls: Array<{ url: string; thumbnail: string }>;
  videoUrl: string | null;
  videoUrls: Array<{ url: string }>;
  status: string;
  progress: string;
  failReason: string | null;
  buttons: MjButton[];
  maskBase64: string;
  properties: Record<string, unknown>;
  meta: MjMeta;
}

/** A submit answer. */
export interface MjSubmitAnswer {
  code: number;
  description: string;
  result: string | string[] | null;
  properties: Record<string, unknown>;
}

/** A submit answer and the HTTP status it goes with. */
export interface Outcome {
  http: number;
  body: MjSubmitAnswer;
}

/** The Discord account instance every task of the fake runs on. */
export const instanceId = '1118138338562560102';

/** An answer `{code, description, result, properties}`, HTTP 200 unless told. */
export const answer = (
  code: number,
  description: string,
  result: MjSubmitAnswer['result'] = null,
  properties: Record<string, unknown> = {},
  http = 200,
): Outcome => ({ http, body: { code, description, result, properties } });

/** Code 4: a parameter the proxy refuses. */
export const invalid = (description: string) => answer(4, description);

/** Actions whose result is a grid of four images (U1-U4, V1-V4 and reroll buttons). */
export const gridActions = new Set([
  'IMAGINE',
  'VARIATION',
  'REROLL',
  'BLEND',
  'ZOOM',
  'PAN',
  'INPAINT',
  'EDIT',
  'RETEXTURE',
]);

let lastId = 0;
/** A unique 16-digit id: the millisecond clock and 3 random digits, as the Java proxy does. */
export function newMjId(): string {
  let n = Date.now() * 1000 + randomInt(1000);
  if (n <= lastId) n = lastId + 1;
  lastId = n;
  return String(n);
}

/** What the task JSON on the wire is. */
export function mjWire(t: MjTask): Omit<MjTask, 'meta'> {
  const { meta: _meta, ...wire } = t;
  return wire;
}

const button = (customId: string, label: string, emoji = ''): MjButton => ({
  customId,
  emoji,
  label,
  type: 2,
  style: 2,
});

/** The buttons a finished task of `action` shows (section 1.5 customIds). */
export function buttonsFor(action: string, h: string): MjButton[] {
  const four = [1, 2, 3, 4];
  if (gridActions.has(action)) {
    return [
      ...four.map((i) => button(`MJ::JOB::upsample::${i}::${h}`, `U${i}`)),
      button(`MJ::JOB::reroll::0::${h}::SOLO`, '', '🔄'),
      ...four.map((i) => button(`MJ::JOB::variation::${i}::${h}`, `V${i}`)),
    ];
  }
  if (action === 'UPSCALE' || action === 'UPSCALE_HD') {
    return [
      button(`MJ::JOB::upsample_v6_2x_subtle::1::${h}::SOLO`, 'Upscale (Subtle)'),
      button(`MJ::JOB::upsample_v6_2x_creative::1::${h}::SOLO`, 'Upscale (Creative)'),
      button(`MJ::JOB::low_variation::1::${h}::SOLO`, 'Vary (Subtle)'),
      button(`MJ::JOB::high_variation::1::${h}::SOLO`, 'Vary (Strong)'),
      button(`MJ::Inpaint::1::${h}::SOLO`, 'Vary (Region)'),
      button(`MJ::Outpaint::50::1::${h}::SOLO`, 'Zoom Out 2x'),
      button(`MJ::Outpaint::75::1::${h}::SOLO`, 'Zoom Out 1.5x'),
      button(`MJ::CustomZoom::${h}`, 'Custom Zoom'),
      ...(['left', 'right', 'up', 'down'] as const).map((d) =>
        button(
          `MJ::JOB::pan_${d}::1::${h}::SOLO`,
          '',
          { left: '⬅️', right: '➡️', up: '⬆️', down: '⬇️' }[d],
        ),
      ),
      button(`MJ::JOB::animate_high::1::${h}::SOLO`, 'Animate (High motion)'),
      button(`MJ::JOB::animate_low::1::${h}::SOLO`, 'Animate (Low motion)'),
    ];
  }
  if (action === 'DESCRIBE') {
    return [
      ...four.map((i) => button(`MJ::Job::PicReader::${i}`, String(i))),
      button('MJ::Job::PicReader::all', 'Imagine all', '🎉'),
      button('MJ::Picread::Retry', '', '🔄'),
    ];
  }
  if (action === 'VIDEO' || action === 'VIDEO_EXTEND') {
    return [button(`MJ::JOB::video_virtual_upscale::1::${h}::SOLO`, 'Upscale')];
  }
  return [];
}

/** A button press: the action it starts, its short label (U1, V2, R) and whether it opens a window. */
export interface MjPress {
  action: string;
  label: string;
  modal: boolean;
}

const jobWords: Array<[RegExp, string]> = [
  [/^upsample_/, 'UPSCALE_HD'],
  [/^(low|high)_variation$/, 'VARIATION'],
  [/^pan_(left|right|up|down)$/, 'PAN'],
  [/^animate_(high|low)$/, 'VIDEO'],
  [/^video_virtual_upscale/, 'UPSCALE'],
  [/^PicReader$/, 'IMAGINE'],
];

/** What a customId does (section 1.5), or null when the fake does not know it. */
export function pressOf(customId: string): MjPress | null {
  const [mj, kind = '', word = '', third = ''] = customId.split('::');
  if (mj !== 'MJ') return null;
  const press = (action: string, label = customId, modal = false) => ({ action, label, modal });
  if (kind.toUpperCase() === 'JOB') {
    const index = /^[1-4]$/.test(third) ? third : '';
    if (word === 'upsample') return index ? press('UPSCALE', `U${index}`) : null;
    if (word === 'variation') return index ? press('VARIATION', `V${index}`) : null;
    if (word === 'reroll') return press('REROLL', 'R');
    const known = jobWords.find(([pattern]) => pattern.test(word));
    return known ? press(known[1]) : null;
  }
  if (kind === 'Outpaint') return press('ZOOM');
  if (kind === 'CustomZoom') return press('ZOOM', customId, true);
  if (kind === 'Inpaint') return press('INPAINT', customId, true);
  if (kind === 'Picread') return press('DESCRIBE');
  return null;
}
