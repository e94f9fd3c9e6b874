import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelTypeName } from '../lib/channel-types';

/** The list filters. */
export interface ChannelFilterValues {
  keyword: string;
  status?: number;
  type?: number;
  group?: string;
  tag: string;
  model: string;
  id_sort: boolean;
}

export const emptyChannelFilters: ChannelFilterValues = {
  keyword: '',
  tag: '',
  model: '',
  id_sort: false,
};

/**
 * Name/id/address search, state, type (with counts), group, tag and model. The fields start
 * from `initial`; remount (a new `key`) to put different values in them.
 */
export function ChannelFilters({
  initial = emptyChannelFilters,
  typeCounts,
  groups,
  onSearch,
}: {
  initial?: ChannelFilterValues;
  typeCounts: Record<string, number>;
  groups: string[];
  onSearch: (filters: ChannelFilterValues) => void;
}) {
  const { t } = useTranslation('channel');
  const [draft, setDraft] = useState<ChannelFilterValues>(initial);
  const set = (patch: Partial<ChannelFilterValues>, now = false) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (now) onSearch(next);
  };
  return (
    <Flex wrap gap={8} align="center" data-testid="channel-filters">
      <Input
        allowClear
        placeholder={t('filters.keyword')}
        value={draft.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        onPressEnter={() => onSearch(draft)}
        style={{ width: 200, maxWidth: '100%' }}
      />
      <Select
        allowClear
        placeholder={t('filters.status')}
        value={draft.status}
        onChange={(status?: number) => set({ status }, true)}
        options={[0, 1, 2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
        style={{ width: 150 }}
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('filters.type')}
        value={draft.type}
        onChange={(type?: number) => set({ type }, true)}
        options={Object.entries(typeCounts).map(([type, count]) => ({
          value: Number(type),
          label: `${channelTypeName(Number(type))} (${count})`,
        }))}
        style={{ width: 200 }}
      />
      <Select
        allowClear
        placeholder={t('filters.group')}
        value={draft.group}
        onChange={(group?: string) => set({ group }, true)}
        options={groups.map((g) => ({ value: g, label: g }))}
        style={{ width: 140 }}
      />
      <Input
        allowClear
        placeholder={t('filters.tag')}
        value={draft.tag}
        onChange={(e) => set({ tag: e.target.value })}
        onPressEnter={() => onSearch(draft)}
        style={{ width: 140 }}
        data-testid="channel-filter-tag"
      />
      <Input
        allowClear
        placeholder={t('filters.model')}
        value={draft.model}
        onChange={(e) => set({ model: e.target.value })}
        onPressEnter={() => onSearch(draft)}
        style={{ width: 160 }}
      />
      <Flex align="center" gap={6}>
        <Switch
          size="small"
          checked={draft.id_sort}
          onChange={(id_sort) => set({ id_sort }, true)}
        />
        <Typography.Text>{t('filters.idSort')}</Typography.Text>
      </Flex>
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(draft)}>
        {t('ui.search')}
      </Button>
      <Button
        icon={<UndoOutlined />}
        onClick={() => {
          setDraft(emptyChannelFilters);
          onSearch(emptyChannelFilters);
        }}
      >
        {t('ui.reset')}
      </Button>
    </Flex>
  );
}
