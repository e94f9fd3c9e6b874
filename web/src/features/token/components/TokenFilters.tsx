import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the key list is filtered by. */
export interface TokenFilterValues {
  keyword: string;
  token: string;
  status?: number;
}

/** Name and key search with a state filter; applied on search. */
export function TokenFilters({ onSearch }: { onSearch: (filters: TokenFilterValues) => void }) {
  const { t } = useTranslation('token');
  const [draft, setDraft] = useState<TokenFilterValues>({ keyword: '', token: '' });
  const apply = () => onSearch(draft);
  return (
    <Flex wrap gap={8}>
      <Input
        allowClear
        placeholder={t('filters.name')}
        value={draft.keyword}
        onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
        onPressEnter={apply}
        style={{ width: 200, maxWidth: '100%' }}
      />
      <Input
        allowClear
        placeholder={t('filters.key')}
        value={draft.token}
        onChange={(e) => setDraft({ ...draft, token: e.target.value })}
        onPressEnter={apply}
        style={{ width: 220, maxWidth: '100%' }}
      />
      <Select
        allowClear
        placeholder={t('filters.status')}
        value={draft.status}
        onChange={(status?: number) => {
          const next = { ...draft, status };
          setDraft(next);
          onSearch(next);
        }}
        style={{ width: 150 }}
        options={[1, 2, 3, 4].map((value) => ({ value, label: t(`status.${value}`) }))}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={apply}>
        {t('ui.search')}
      </Button>
    </Flex>
  );
}
