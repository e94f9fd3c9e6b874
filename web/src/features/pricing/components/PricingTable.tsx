import type { PricingItem } from '@gateway/shared';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pricingColumns, type PricingColumnContext } from './pricing-columns';

/** The model price table. */
export function PricingTable({
  items,
  loading,
  ...ctx
}: { items: PricingItem[]; loading: boolean } & Omit<PricingColumnContext, 't'>) {
  const { t } = useTranslation('pricing');
  const { display, groupRatio, userRatio, modelRatios, showRatios } = ctx;
  const columns = useMemo(
    () => pricingColumns({ t, display, groupRatio, userRatio, modelRatios, showRatios }),
    [t, display, groupRatio, userRatio, modelRatios, showRatios],
  );
  return (
    <Table<PricingItem>
      rowKey="model_name"
      size="middle"
      columns={columns}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
      locale={{ emptyText: t('empty') }}
      data-testid="pricing-table"
    />
  );
}
