import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How the fake upstreams' tasks behave: prompt markers that choose a task's fate, a lifecycle
 * that moves each task one stage on per read, and callbacks posted in order.
 */

// ---------------------------------------------------------------------------------------------
// Prompt markers

/** The prompt markers the fakes understand (each fake documents the ones it uses). */
const markerWords = [
  'fail',
  'refuse',
  'never',
  'vanish',
  'slow',
  'dup',
  'queue',
  'unknown',
  'banned',
  'noinstance',
  'queuefull',
  'invalid',
] as const;

export type Marker = (typeof markerWords)[number];

const isMarker = (word: string): word is Marker =>
  (markerWords as readonly string[]).includes(word);

/** The markers (`#fail`, `#queue`…) in a text; `#queuefull` is not `#queue`. */
export function markersOf(text: string): Set<Marker> {
  const found = new Set<Marker>();
  for (const m of text.matchAll(/#([a-z]+)/gi)) {
    const word = (m[1] ?? '').toLowerCase();
    if (isMarker(word)) found.add(word);
  }
  return found;
}

/** How a task ends. */
export type Fate = 'succeed' | 'fail' | 'never' | 'vanish' | 'unknown';

/** `#fail`, `#never`, `#vanish`, `#unknown` (in that priority); else success. */
export function fateOf(text: string | Set<Marker>): Fate {
  const m = typeof text === 'string' ? markersOf(text) : text;
  if (m.has('fail')) return 'fail';
  if (m.has('never')) return 'never';
  if (m.has('vanish')) return 'vanish';
  if (m.has('unknown')) return 'unknown';
  return 'succeed';
}

/** Waits `ms` when the request carries `#slow`. */
export async function slowIf(markers: Set<Marker>, ms: number): Promise<void> {
  if (markers.has('slow')) await sleep(ms);
}

/** The default delay of `#slow` submits. */
export const defaultSlowMs = 2000;

// ---------------------------------------------------------------------------------------------
// Lifecycle: each task has a plan of stages and moves one stage on per read

/** A fake's own bookkeeping on a task (never sent on the wire). */
export interface TaskMeta {
  fate: Fate;
  /** The stages this task goes through; `stage` indexes the current one. */
  plan: string[];
  stage: number;
  /** The failure reason set by `fail(id, reason)`. */
  reason?: string;
}

/** A task a fake keeps. */
export interface Tracked {
  meta: TaskMeta;
}

/** The stages for a fate, given a fake's success path and how it fails and stalls. */
export function planFor(
  fate: Fate,
  path: { success: string[]; failAfter: number; failure: string; unknown: string },
): string[] {
  const { success, failAfter, failure, unknown } = path;
  if (fate === 'fail') return [...success.slice(0, failAfter), failure];
  if (fate === 'never') return success.slice(0, -1);
  if (fate === 'unknown') return [success[0] ?? '', unknown];
  return [...success];
}

/** Test hooks every fake has. */
export interface TaskDriver {
  /** Moves every task (vanished ones excepted) `steps` stages on. */
  advanceAll(steps?: number): void;
  /** Ends a task in success now (throws for an unknown id). */
  finish(id: string): void;
  /** Ends a task in failure now, with `reason` (else the fake's own). */
  fail(id: string, reason?: string): void;
}

/** How a fake applies stages to its tasks. */
export interface Lifecycle<T extends Tracked> {
  apply(t: T, stage: string): void;
  success: string;
  failure: string;
  /** Called after every change (callbacks). */
  changed?(t: T): void;
}

/** The driver of a fake's tasks, plus `read` (advance a polled task) and `jump`. */
export function driveTasks<T extends Tracked>(tasks: Map<string, T>, life: Lifecycle<T>) {
  const step = (t: T): boolean => {
    const next = t.meta.plan[t.meta.stage + 1];
    if (next === undefined) return false;
    t.meta.stage += 1;
    life.apply(t, next);
    life.changed?.(t);
    return true;
  };
  /** Replaces the rest of the plan by `stages` and moves to the first of them. */
  const jump = (t: T, ...stages: string[]): void => {
    t.meta.plan = [...t.meta.plan.slice(0, t.meta.stage + 1), ...stages];
    step(t);
  };
  const get = (id: string): T => {
    const t = tasks.get(id);
    if (!t) throw new Error(`no task ${id}`);
    return t;
  };
  return {
    /** A poll read the task: it moves one stage on. */
    read: (t: T): T => {
      step(t);
      return t;
    },
    jump,
    advanceAll(steps = 1) {
      for (let i = 0; i < steps; i++) {
        for (const t of tasks.values()) if (t.meta.fate !== 'vanish') step(t);
      }
    },
    finish(id: string) {
      const t = get(id);
      if (t.meta.plan[t.meta.stage] !== life.success) jump(t, life.success);
    },
    fail(id: string, reason?: string) {
      const t = get(id);
      if (reason !== undefined) t.meta.reason = reason;
      if (t.meta.plan[t.meta.stage] !== life.failure) jump(t, life.failure);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Callbacks

/** One callback a fake POSTed. */
export interface SentCallback {
  url: string;
  body: unknown;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

/** Sends callbacks one after another, in order, each awaited (failures ignored). */
export function callbackSender() {
  const sent: SentCallback[] = [];
  let chain: Promise<void> = Promise.resolve();
  return {
    sent,
    post(url: string, payload: unknown): void {
      const body = JSON.stringify(payload);
      chain = chain.then(async () => {
        let status = 0;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          // The receiver's answer is ignored, as the real services do.
        }
        sent.push({ url, body: JSON.parse(body) as unknown, status });
      });
    },
    /** Resolves once every callback queued so far was sent. */
    idle: (): Promise<void> => chain,
  };
}
