import type { InvoiceItem } from '@gateway/shared';
import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatMoney, formatTime } from '../../../lib/format';

export const invoiceStatusColor: Record<InvoiceItem['status'], string> = {
  pending: 'gold',
  tax_review: 'processing',
  completed: 'success',
  rejected: 'error',
};

/** The columns of the invoice table; `staff` adds the applicant. */
export function invoiceColumns(
  t: TFunction,
  locale: string,
  staff: boolean,
  actions: (invoice: InvoiceItem) => ReactNode,
): ColumnsType<InvoiceItem> {
  const columns: ColumnsType<InvoiceItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 70 },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      render: (type: InvoiceItem['type']) => t(`types.${type}`),
    },
    {
      title: t('columns.amount'),
      key: 'amount',
      render: (_, i) => formatMoney(i.amount_minor, i.currency, locale),
    },
    {
      title: t('columns.title'),
      key: 'title',
      render: (_, i) => (
        <>
          <Typography.Text>{i.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {i.tax_id}
          </Typography.Text>
        </>
      ),
    },
    { title: t('columns.email'), dataIndex: 'email', ellipsis: true },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (s: InvoiceItem['status'], i) => (
        <Tooltip title={i.reason ? t('rejectedBecause', { reason: i.reason }) : undefined}>
          <Tag color={invoiceStatusColor[s]} data-testid={`invoice-status-${i.id}`}>
            {t(`status.${s}`)}
          </Tag>
        </Tooltip>
      ),
    },
    { title: t('columns.created'), dataIndex: 'created_at', render: (s: number) => formatTime(s) },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, i) => actions(i),
    },
  ];
  if (staff) {
    columns.splice(1, 0, {
      title: t('columns.user'),
      key: 'user',
      render: (_, i) => `${i.username} (#${i.user_id})`,
    });
  }
  return columns;
}
