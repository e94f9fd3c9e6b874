import { taskPollIntervalSeconds } from '../config/settings/groups/general.js';
import { pollTasksOnce } from '../domain/tasks/poll-tasks.js';
import type { Job } from './job.js';

/** Polls unfinished Midjourney, music and video tasks (one instance per round). */
export const taskPollJob: Job = {
  name: 'task-poll',
  intervalMs: (ctx) => Math.max(1, ctx.settings.get(taskPollIntervalSeconds)) * 1000,
  run: (ctx, signal) => pollTasksOnce(ctx, signal),
};
