import { Role, hasRole } from '@gateway/shared';
import { Card, Flex, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useUser } from '../../lib/user-store';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import type { UsageQuery } from './api';
import { DetailFilters } from './components/DetailFilters';
import { SummaryCards } from './components/SummaryCards';
import { UsageCharts } from './components/UsageCharts';
import { useUsageData } from './hooks/use-usage-data';
import { aggregateUsage, defaultRange, type Granularity } from './lib/aggregate';

function initialQuery(granularity: Granularity): UsageQuery {
  const range = defaultRange(granularity);
  return { granularity, start_timestamp: range.start, end_timestamp: range.end };
}

/** /detail: consumption and requests over time by model (when data export is enabled). */
export function DetailPage() {
  const { t } = useTranslation('detail');
  const status = useStatus();
  const { quota } = useSiteInfo();
  const user = useUser();
  const admin = hasRole(user?.role ?? 0, Role.admin);
  const enabled = status.enable_data_export !== false;
  const [query, setQuery] = useState(() => initialQuery(status.data_export_default_time ?? 'hour'));
  const data = useUsageData(admin, query, enabled);
  const series = useMemo(
    () =>
      aggregateUsage(
        data.data ?? [],
        { start: query.start_timestamp, end: query.end_timestamp },
        query.granularity,
      ),
    [data.data, query],
  );

  if (!enabled) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Card>
          <Result status="info" title={t('disabled')} />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title={admin ? t('titleAdmin') : t('title')} description={t('description')} />
      <Flex vertical gap={12}>
        <DetailFilters admin={admin} value={query} onChange={setQuery} />
        <Spin spinning={data.isFetching}>
          <Flex vertical gap={12}>
            <SummaryCards series={series} display={quota} />
            <UsageCharts series={series} granularity={query.granularity} display={quota} />
          </Flex>
        </Spin>
      </Flex>
    </>
  );
}

export default DetailPage;
