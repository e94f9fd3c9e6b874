import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageQuery } from '../api';
import { defaultRange, type Granularity } from '../lib/aggregate';

/** Range, granularity (hour / day / week) and, for admins, a username. */
export function DetailFilters({
  admin,
  value,
  onChange,
}: {
  admin: boolean;
  value: UsageQuery;
  onChange: (query: UsageQuery) => void;
}) {
  const { t } = useTranslation('detail');
  const [draft, setDraft] = useState(value);
  const setGranularity = (granularity: Granularity) => {
    const range = defaultRange(granularity);
    const next = { ...draft, granularity, start_timestamp: range.start, end_timestamp: range.end };
    setDraft(next);
    onChange(next);
  };
  return (
    <Flex wrap gap={8} align="center" data-testid="detail-filters">
      <Segmented<Granularity>
        value={draft.granularity}
        onChange={setGranularity}
        options={(['hour', 'day', 'week'] as const).map((g) => ({
          value: g,
          label: t(`granularity.${g}`),
        }))}
      />
      <DatePicker.RangePicker
        showTime
        value={[dayjs.unix(draft.start_timestamp), dayjs.unix(draft.end_timestamp)]}
        onChange={(range) =>
          range?.[0] &&
          range[1] &&
          setDraft({ ...draft, start_timestamp: range[0].unix(), end_timestamp: range[1].unix() })
        }
        style={{ maxWidth: '100%' }}
      />
      {admin && (
        <Input
          allowClear
          placeholder={t('username')}
          value={draft.username ?? ''}
          onChange={(e) => setDraft({ ...draft, username: e.target.value || undefined })}
          style={{ width: 160 }}
        />
      )}
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onChange({ ...draft })}>
        {t('ui.search')}
      </Button>
    </Flex>
  );
}
