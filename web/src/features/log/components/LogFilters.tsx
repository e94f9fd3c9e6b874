import { DownloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-media';
import { useTranslation } from 'react-i18next';
import type { LogFilter } from '../api';
import { logTypes } from '../lib/log-types';

/** The filter form's values. */
export interface LogFilterDraft {
  range: [Dayjs, Dayjs];
  type: number;
  model_name: string;
  token_name: string;
  group: string;
  request_id: string;
  username: string;
  channel?: number;
}

/** The filters a log page opens with: the last 3 days up to the end of today, every type. */
export function defaultLogDraft(): LogFilterDraft {
  return {
    range: [dayjs().subtract(3, 'day'), dayjs().endOf('day')],
    type: 0,
    model_name: '',
    token_name: '',
    group: '',
    request_id: '',
    username: '',
  };
}

/** The API filter of a draft; admin-only fields only for admins. */
export function toLogFilter(draft: LogFilterDraft, admin: boolean): LogFilter {
  return {
    type: draft.type || undefined,
    start_timestamp: draft.range[0].unix(),
    end_timestamp: draft.range[1].unix(),
    model_name: draft.model_name.trim() || undefined,
    token_name: draft.token_name.trim() || undefined,
    group: draft.group.trim() || undefined,
    request_id: draft.request_id.trim() || undefined,
    ...(admin && {
      username: draft.username.trim() || undefined,
      channel: draft.channel || undefined,
    }),
  };
}

/** Time range, type, model, key, group and request id; admins also user and channel. */
export function LogFilters({
  admin,
  exporting,
  exportEnabled,
  onSearch,
  onExport,
}: {
  admin: boolean;
  exporting: boolean;
  exportEnabled: boolean;
  onSearch: (draft: LogFilterDraft) => void;
  onExport: (draft: LogFilterDraft) => void;
}) {
  const { t } = useTranslation('log');
  const mobile = useIsMobile();
  const [draft, setDraft] = useState<LogFilterDraft>(defaultLogDraft);
  const set = (patch: Partial<LogFilterDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (field: 'model_name' | 'token_name' | 'group' | 'request_id' | 'username') => (
    <Input
      allowClear
      placeholder={t(`filters.${field}`)}
      value={draft[field]}
      onChange={(e) => set({ [field]: e.target.value })}
      onPressEnter={() => onSearch(draft)}
      style={{ width: mobile ? 'calc(50% - 4px)' : 170 }}
      data-testid={`log-filter-${field}`}
    />
  );
  return (
    <Flex wrap gap={8} data-testid="log-filters">
      <DatePicker.RangePicker
        showTime
        format={mobile ? 'MM-DD HH:mm' : undefined}
        value={draft.range}
        onChange={(range) => range?.[0] && range[1] && set({ range: [range[0], range[1]] })}
        style={{ maxWidth: '100%' }}
        presets={[
          { label: t('filters.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
          { label: t('filters.last3'), value: [dayjs().subtract(3, 'day'), dayjs().endOf('day')] },
          { label: t('filters.last7'), value: [dayjs().subtract(7, 'day'), dayjs().endOf('day')] },
          {
            label: t('filters.last30'),
            value: [dayjs().subtract(30, 'day'), dayjs().endOf('day')],
          },
        ]}
      />
      <Select
        value={draft.type}
        onChange={(type: number) => set({ type })}
        style={{ width: 140 }}
        options={[
          { value: 0, label: t('types.all') },
          ...logTypes.map((l) => ({ value: l.id, label: t(`types.${l.id}`) })),
        ]}
        aria-label={t('filters.type')}
      />
      {text('model_name')}
      {text('token_name')}
      {text('group')}
      {text('request_id')}
      {admin && text('username')}
      {admin && (
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('filters.channel')}
          value={draft.channel}
          onChange={(v) => set({ channel: v ?? undefined })}
          style={{ width: 120 }}
        />
      )}
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={() => onSearch(draft)}
        data-testid="log-search"
      >
        {t('ui.search')}
      </Button>
      <Button
        icon={<UndoOutlined />}
        onClick={() => {
          const fresh = defaultLogDraft();
          setDraft(fresh);
          onSearch(fresh);
        }}
      >
        {t('ui.reset')}
      </Button>
      {exportEnabled && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => onExport(draft)}
          data-testid="log-export"
        >
          {t('export')}
        </Button>
      )}
    </Flex>
  );
}
