import { springError, startServer, type FakeBase } from './common.js';
import { defaultSlowMs, type SentCallback, type TaskDriver } from './task-lifecycle.js';
import { actionSubmits } from './midjourney-actions.js';
import { queryRoutes } from './midjourney-queries.js';
import { submitRoute, swapFace, taskSubmits } from './midjourney-submits.js';
import { MjTaskStore } from './midjourney-tasks.js';
import { mjRoute, speedOf, type MjRequest, type MjTask } from './midjourney-wire.js';

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
 *
 * This file wires the server; the tasks and their lifecycle are in `midjourney-tasks.ts`, the
 * submits in `midjourney-submits.ts` and `midjourney-actions.ts` (button presses, modal), the
 * fetches, lists, seed and cancel in `midjourney-queries.ts`, the wire shapes in
 * `midjourney-wire.ts`.
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

/** Starts a fake Midjourney-Proxy; see the file's comment for its behaviour and markers. */
export async function startFakeMidjourney(
  options: FakeMidjourneyOptions = {},
): Promise<FakeMidjourney> {
  const store = new MjTaskStore();
  const slowMs = options.slowMs ?? defaultSlowMs;
  const submits = { ...taskSubmits, ...actionSubmits };
  const fake = await startServer<MjRequest>({
    routes: [
      ...Object.entries(submits).map(([name, handler]) =>
        mjRoute('POST', `/submit/${name}`, 'submit', submitRoute(store, handler, slowMs)),
      ),
      mjRoute('POST', '/insight-face/swap', 'submit', submitRoute(store, swapFace, slowMs)),
      ...queryRoutes(store),
    ],
    record: (req) => ({ ...req, mode: speedOf(req.path) }),
    authorize: (req) =>
      options.secret && req.headers['mj-api-secret'] !== options.secret ? { status: 401 } : null,
    errorBody: (status, _message, req) => springError(status, req.path),
  });
  store.base = fake.url;
  return Object.assign(fake, {
    tasks: store.tasks,
    callbacks: store.callbacks.sent,
    callbacksSent: store.callbacks.idle,
    advanceAll: store.drive.advanceAll,
    finish: store.drive.finish,
    fail: store.drive.fail,
  });
}
