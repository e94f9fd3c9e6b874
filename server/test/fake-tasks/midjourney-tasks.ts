import { randomUUID } from 'node:crypto';
import { field } from './common.js';
import {
  callbackSender,
  driveTasks,
  fateOf,
  planFor,
  type Fate,
  type Marker,
} from './task-lifecycle.js';
import {
  buttonsFor,
  gridActions,
  instanceId,
  mjWire,
  newMjId,
  type MjTask,
} from './midjourney-wire.js';

// The fake Midjourney-Proxy's tasks: how a submit makes one and how it moves through its stages.

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

/** Four numbered prompts, as describe answers. */
const describePrompts = [
  '1️⃣ a red fox curled up in fresh snow, soft morning light, watercolor --ar 1:1',
  '2️⃣ a small fox sleeping in a snowy forest clearing, pastel tones --ar 1:1',
  '3️⃣ minimalist illustration of a fox in winter, muted palette --ar 1:1',
  '4️⃣ cozy winter scene with a fox and falling snow, storybook style --ar 1:1',
].join('\n\n');

/** Five numbered prompts, each shorter than the last, as shorten answers. */
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

/** What a task is made from: the submit's body, its markers and its speed mode. */
export interface TaskSource {
  body: Record<string, unknown>;
  markers: Set<Marker>;
  mode: MjTask['mode'];
}

/** What a task takes from elsewhere than the submit's own fields (a parent, a fixed text). */
export interface TaskInit {
  prompt?: string;
  description?: (id: string) => string;
  customId?: string;
}

/** The tasks of one fake: made by submits, moved on by reads and test hooks, called back. */
export class MjTaskStore {
  readonly tasks = new Map<string, MjTask>();
  /** The notifyHook POSTs, sent one after another in order. */
  readonly callbacks = callbackSender();
  /** Moves tasks on: one stage per read, or at once through the test hooks. */
  readonly drive = driveTasks(this.tasks, {
    apply: (t, stage) => this.apply(t, stage),
    success: 'SUCCESS',
    failure: 'FAILURE',
    changed: (t) => {
      if (t.meta.hook) this.callbacks.post(t.meta.hook, mjWire(t));
    },
  });
  /** The fake's URL, which result links start with (set once the server listens). */
  base = '';

  /** The task of `id` as the proxy still knows it (vanished tasks are forgotten). */
  known(id: string): MjTask | undefined {
    const t = this.tasks.get(id);
    return t && t.meta.fate !== 'vanish' ? t : undefined;
  }

  /** A new task in NOT_START (or on `plan`, when given). */
  create(s: TaskSource, action: string, init: TaskInit, plan?: string[]): MjTask {
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
    this.apply(t, t.meta.plan[0] ?? 'NOT_START');
    this.tasks.set(id, t);
    return t;
  }

  /** Stores a task as finished at once (an "existing" task the proxy answers 21 for). */
  settle(t: MjTask): void {
    t.meta.plan = ['SUCCESS'];
    this.apply(t, 'SUCCESS');
  }

  /** Sends a task waiting in MODAL on through the rest of `fate`'s stages. */
  resume(t: MjTask, fate: Fate): void {
    t.meta.fate = fate;
    this.drive.jump(t, ...planFor(fate, lifecycle).slice(1));
  }

  /** Puts a task in `stage` (`STATUS` or `IN_PROGRESS:<percent>`). */
  private apply(t: MjTask, stage: string): void {
    const [status = '', percent = '0'] = stage.split(':');
    const now = Date.now();
    if (status === 'IN_PROGRESS') {
      t.status = status;
      t.progress = `${percent}%`;
      t.startTime ??= now;
      if (percent !== '0') t.imageUrl = `${this.base}/files/${t.id}-preview.png`;
    } else if (status === 'SUCCESS') this.succeed(t, now);
    else if (status === 'FAILURE') {
      t.status = status;
      t.progress = '';
      t.failReason = t.meta.reason ?? defaultFailReason;
      t.finishTime = now;
    } else {
      t.status = status;
      if (status === 'CANCEL') t.finishTime = now;
    }
  }

  /** Finishes a task with the results of its action (images, videos, prompts, buttons). */
  private succeed(t: MjTask, now: number): void {
    const base = this.base;
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
}
