import { field } from './common.js';
import { fateOf } from './task-lifecycle.js';
import {
  accepted,
  markerRefusal,
  relatedTask,
  type Submit,
  type SubmitHandler,
} from './midjourney-submits.js';
import {
  answer,
  instanceId,
  invalid,
  pressOf,
  type MjPress,
  type MjTask,
  type Outcome,
} from './midjourney-wire.js';

// The fake Midjourney-Proxy's button presses on finished tasks (action, change, simple-change)
// and the modal window that Inpaint and Custom Zoom wait in.

/** Presses a button of a finished task; U<n> twice answers 21 with the first upscale. */
function press(s: Submit, taskId: string, p: MjPress, customId: string): Outcome {
  const parent = relatedTask(s, taskId);
  if ('http' in parent) return parent;
  const label = /^([UV][1-4]|R)$/.test(p.label) ? p.label : customId;
  const description = `/up ${parent.id} ${label}`;
  const init = { prompt: parent.prompt, description: () => description, customId };
  if (p.modal) {
    const t = s.store.create(s, p.action, init, ['MODAL']);
    return answer(21, 'Waiting for window confirm', t.id, {
      finalPrompt: parent.prompt,
      remix: true,
      discordInstanceId: instanceId,
    });
  }
  if (p.action === 'UPSCALE') {
    const done = [...s.store.tasks.values()].find((o) => o.description === description);
    if (done) {
      return answer(21, '任务已存在', done.id, { status: done.status, imageUrl: done.imageUrl });
    }
  }
  const refused = markerRefusal(s);
  if (refused) return refused;
  return accepted(s, s.store.create(s, p.action, init));
}

const changeWords: Record<string, string> = { UPSCALE: 'U', VARIATION: 'V', REROLL: 'R' };

/** The customId of the button a change label (U1…U4, V1…V4, R) stands for. */
const customIdOf = (parent: MjTask | undefined, label: string) => {
  const hash = parent?.meta.hash ?? '';
  if (label === 'R') return `MJ::JOB::reroll::0::${hash}::SOLO`;
  const word = label.startsWith('U') ? 'upsample' : 'variation';
  return `MJ::JOB::${word}::${label.slice(1)}::${hash}`;
};

/** Presses the button of a change label, as `/submit/change` and `/submit/simple-change` do. */
function changeBy(s: Submit, taskId: string, label: string): Outcome {
  const action = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' }[label[0] as 'U' | 'V' | 'R'];
  const customId = customIdOf(s.store.tasks.get(taskId), label);
  return press(s, taskId, { action, label, modal: false }, customId);
}

/** `/submit/change`: `{taskId, action, index}`. */
function change(s: Submit): Outcome {
  const letter = changeWords[field(s.body, 'action')];
  const index = Number(s.body.index);
  if (!letter) return invalid('action参数错误');
  if (letter !== 'R' && !(index >= 1 && index <= 4)) return invalid('index参数错误');
  const label = letter === 'R' ? 'R' : `${letter}${index}`;
  return changeBy(s, field(s.body, 'taskId'), label);
}

/** `/submit/modal`: confirms a task waiting in MODAL; it goes on with the same id. */
function modal(s: Submit): Outcome {
  const t = s.store.known(field(s.body, 'taskId'));
  if (!t) return answer(3, '任务不存在', null, {}, 404);
  if (t.status !== 'MODAL') return invalid('任务状态错误');
  const prompt = field(s.body, 'prompt');
  if (prompt) t.prompt = t.promptEn = prompt;
  t.maskBase64 = field(s.body, 'maskBase64');
  s.store.resume(t, fateOf(s.markers));
  return answer(1, '提交成功', t.id, { discordInstanceId: instanceId });
}

/** The submits that act on an existing task. */
export const actionSubmits: Record<string, SubmitHandler> = {
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
