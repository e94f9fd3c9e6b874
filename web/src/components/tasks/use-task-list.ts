import type { Page } from '@gateway/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pollInterval } from '../../lib/task-format';
import { emptyTaskFilter, taskQuery, type TaskFilterDraft } from './TaskFilterBar';

type Query = Record<string, string | number | undefined>;

/**
 * One server page of the drawing or task log with its filter and paging, read again every
 * few seconds while a row of the page is unfinished. `now` is when the page was last read
 * (for the time spent by running rows).
 */
export function useTaskList<T extends { status: string }>(
  name: string,
  admin: boolean,
  idField: 'mj_id' | 'task_id',
  fetchPage: (admin: boolean, query: Query, p: number, pageSize: number) => Promise<Page<T>>,
) {
  const [filter, setFilter] = useState<TaskFilterDraft>(emptyTaskFilter);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = taskQuery(filter, admin, idField);
  const list = useQuery({
    queryKey: [name, admin, query, paging],
    queryFn: () => fetchPage(admin, query, paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollInterval(q.state.data?.items ?? [], q.state.status === 'error'),
  });

  /** Applies a filter from the first page; the same filter again reads the list again. */
  const search = (draft: TaskFilterDraft) => {
    const same = JSON.stringify(taskQuery(draft, admin, idField)) === JSON.stringify(query);
    if (same && paging.page === 1) return void list.refetch();
    setPaging((p) => ({ ...p, page: 1 }));
    setFilter(draft);
  };

  return {
    items: list.data?.items ?? [],
    total: list.data?.total ?? 0,
    /** The first read, or a new filter or page being read (the old rows still shown). */
    loading: list.isLoading || list.isPlaceholderData,
    now: list.dataUpdatedAt,
    paging,
    setPaging: (page: number, pageSize: number) => setPaging({ page, pageSize }),
    search,
  };
}
