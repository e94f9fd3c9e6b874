import { Alert, Card, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useIsMobile } from '../../lib/use-media';
import { useUser } from '../../lib/user-store';
import { levelModelRatios, useSelfLimits, userRatioOf } from '../limits';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { GroupSelector, type GroupOption } from './components/GroupSelector';
import { PricingCards } from './components/PricingCards';
import { PricingFilters } from './components/PricingFilters';
import { PricingTable } from './components/PricingTable';
import { usePricing } from './hooks/use-pricing';
import { filterModels } from '../../lib/price';

/** /pricing (public): every model's price per 1M tokens or per call, for a chosen group. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const status = useStatus();
  const { quota } = useSiteInfo();
  const user = useUser();
  const mobile = useIsMobile();
  const pricing = usePricing();
  const limits = useSelfLimits(!!user);
  const [chosen, setChosen] = useState<string>();
  const [search, setSearch] = useState('');
  const [onlyGroup, setOnlyGroup] = useState(true);

  const groups = useMemo<GroupOption[]>(() => {
    const data = pricing.data;
    if (!data) return [];
    const names = new Set([...Object.keys(data.usable_group), ...Object.keys(data.group_ratio)]);
    return [...names].map((name) => ({
      name,
      ratio: data.group_ratio[name] ?? 1,
      description: data.usable_group[name] ?? '',
    }));
  }, [pricing.data]);

  const preferred =
    user?.group && groups.some((g) => g.name === user.group) ? user.group : undefined;
  const group =
    chosen ?? preferred ?? groups.find((g) => g.name === 'default')?.name ?? groups[0]?.name;
  const groupRatio = groups.find((g) => g.name === group)?.ratio ?? 1;
  const userRatio = user ? userRatioOf(limits.data) : 1;
  const modelRatios = useMemo(() => levelModelRatios(limits.data), [limits.data]);
  const items = filterModels(pricing.data?.data ?? [], search, onlyGroup ? group : undefined);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card styles={{ body: { padding: mobile ? 12 : undefined } }}>
        <Flex vertical gap={16}>
          {groups.length > 0 && (
            <GroupSelector groups={groups} value={group} onChange={setChosen} />
          )}
          <Alert
            type="info"
            showIcon
            title={
              quota.displayInCurrency
                ? t('note.currency', { ratio: groupRatio })
                : t('note.quota', { ratio: groupRatio, unit: quota.quotaPerUnit })
            }
            description={userRatio !== 1 ? t('note.userRatio', { ratio: userRatio }) : undefined}
          />
          <PricingFilters
            search={search}
            onSearch={setSearch}
            onlyGroup={onlyGroup}
            onOnlyGroup={setOnlyGroup}
          />
          {mobile ? (
            <PricingCards
              items={items}
              display={quota}
              groupRatio={groupRatio}
              userRatio={userRatio}
              modelRatios={modelRatios}
            />
          ) : (
            <PricingTable
              items={items}
              loading={pricing.isLoading}
              display={quota}
              groupRatio={groupRatio}
              userRatio={userRatio}
              modelRatios={modelRatios}
              showRatios={status.show_price_page_ratio ?? true}
            />
          )}
          <Typography.Text type="secondary">{t('footnote')}</Typography.Text>
        </Flex>
      </Card>
    </>
  );
}

export default PricingPage;
