import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Search box and the "only models of this group" switch. */
export function PricingFilters({
  search,
  onSearch,
  onlyGroup,
  onOnlyGroup,
}: {
  search: string;
  onSearch: (value: string) => void;
  onlyGroup: boolean;
  onOnlyGroup: (value: boolean) => void;
}) {
  const { t } = useTranslation('pricing');
  return (
    <Flex wrap gap={12} align="center">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search')}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ width: 280, maxWidth: '100%' }}
        data-testid="pricing-search"
      />
      <Flex align="center" gap={8}>
        <Switch size="small" checked={onlyGroup} onChange={onOnlyGroup} />
        <Typography.Text>{t('onlyGroup')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
