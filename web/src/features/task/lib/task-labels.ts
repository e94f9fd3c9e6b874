import type { TaskItem } from '@gateway/shared';

/** Music and video states with their tag colours ('' = being submitted). */
export const taskStatuses: Record<string, string> = {
  '': 'default',
  NOT_START: 'default',
  SUBMITTED: 'gold',
  QUEUED: 'orange',
  IN_PROGRESS: 'blue',
  SUCCESS: 'green',
  FAILURE: 'red',
  UNKNOWN: 'default',
};

/** Actions the console names (others are shown as they come). */
export const taskActions = ['MUSIC', 'LYRICS', 'generate', 'textGenerate', 'remixGenerate'];

/** Platforms with their tag colours. */
export const taskPlatforms: Record<string, string> = {
  suno: 'magenta',
  sora: 'geekblue',
  kling: 'cyan',
};

/**
 * The results of a task grouped for display: the files (audio and video players, images) in
 * their order first, lyrics after; a file without a URL or lyrics without text are left out.
 */
export function resultGroups(task: Pick<TaskItem, 'results'>) {
  return {
    media: task.results.filter((r) => r.kind !== 'text' && r.url !== ''),
    texts: task.results.filter((r) => r.kind === 'text' && r.text.trim() !== ''),
  };
}
