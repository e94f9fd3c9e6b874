import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-media';

/** The filters of the drawing and task logs, as the form holds them. */
export interface TaskFilterDraft {
  range: [Dayjs, Dayjs] | null;
  id: string;
  status: string;
  action: string;
  platform: string;
  username: string;
  channelId?: number;
}

export const emptyTaskFilter = (): TaskFilterDraft => ({
  range: [dayjs().subtract(7, 'day').startOf('day'), dayjs().endOf('day')],
  id: '',
  status: '',
  action: '',
  platform: '',
  username: '',
});

/** The query of a draft for `/api/mj*` or `/api/task*` (admin-only fields for admins). */
export function taskQuery(
  draft: TaskFilterDraft,
  admin: boolean,
  idField: 'mj_id' | 'task_id',
): Record<string, string | number | undefined> {
  return {
    [idField]: draft.id.trim() || undefined,
    status: draft.status || undefined,
    action: draft.action || undefined,
    platform: draft.platform || undefined,
    start_timestamp: draft.range?.[0].unix(),
    end_timestamp: draft.range?.[1].unix(),
    ...(admin && { username: draft.username.trim() || undefined, channel_id: draft.channelId }),
  };
}

type Option = { value: string; label: string };

/** Time range, id, status, action (and platform); admins also user and channel. */
export function TaskFilterBar({
  admin,
  statuses,
  actions,
  platforms,
  onSearch,
}: {
  admin: boolean;
  statuses: Option[];
  actions: Option[];
  platforms?: Option[];
  onSearch: (draft: TaskFilterDraft) => void;
}) {
  const { t } = useTranslation('tasks');
  const mobile = useIsMobile();
  const [draft, setDraft] = useState(emptyTaskFilter);
  const set = (patch: Partial<TaskFilterDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const narrow = { width: mobile ? 'calc(50% - 4px)' : 160 };
  return (
    <Flex wrap gap={8} data-testid="task-filters">
      <DatePicker.RangePicker
        showTime
        format={mobile ? 'MM-DD HH:mm' : undefined}
        value={draft.range}
        onChange={(range) => set({ range: range?.[0] && range[1] ? [range[0], range[1]] : null })}
        style={{ maxWidth: '100%' }}
      />
      <Input
        allowClear
        placeholder={t('filters.id')}
        value={draft.id}
        onChange={(e) => set({ id: e.target.value })}
        onPressEnter={() => onSearch(draft)}
        style={narrow}
        data-testid="task-filter-id"
      />
      <Select
        allowClear
        placeholder={t('filters.status')}
        value={draft.status || undefined}
        onChange={(status?: string) => set({ status: status ?? '' })}
        options={statuses}
        style={narrow}
      />
      <Select
        allowClear
        placeholder={t('filters.action')}
        value={draft.action || undefined}
        onChange={(action?: string) => set({ action: action ?? '' })}
        options={actions}
        style={narrow}
      />
      {platforms && (
        <Select
          allowClear
          placeholder={t('filters.platform')}
          value={draft.platform || undefined}
          onChange={(platform?: string) => set({ platform: platform ?? '' })}
          options={platforms}
          style={narrow}
        />
      )}
      {admin && (
        <Input
          allowClear
          placeholder={t('filters.username')}
          value={draft.username}
          onChange={(e) => set({ username: e.target.value })}
          onPressEnter={() => onSearch(draft)}
          style={narrow}
        />
      )}
      {admin && (
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('filters.channel')}
          value={draft.channelId}
          onChange={(v) => set({ channelId: v ?? undefined })}
          style={{ width: mobile ? 'calc(50% - 4px)' : 120 }}
        />
      )}
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={() => onSearch(draft)}
        data-testid="task-search"
      >
        {t('filters.search')}
      </Button>
      <Button
        icon={<UndoOutlined />}
        onClick={() => {
          const fresh = emptyTaskFilter();
          setDraft(fresh);
          onSearch(fresh);
        }}
      >
        {t('filters.reset')}
      </Button>
    </Flex>
  );
}
