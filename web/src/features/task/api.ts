import type { Page, TaskItem } from '@gateway/shared';
import { api } from '../../lib/api';

/** A page of the caller's music and video tasks, or everyone's for admins, newest first. */
export const fetchTasks = (
  admin: boolean,
  query: Record<string, string | number | undefined>,
  p: number,
  page_size: number,
) =>
  api.get<Page<TaskItem>>(admin ? '/api/task/' : '/api/task/self', {
    query: { ...query, p, page_size },
  });
