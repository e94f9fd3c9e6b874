import type { LogItem } from '@gateway/shared';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { logColumns, type LogColumnContext } from './log-columns';

/** The log table with server-side paging. */
export function LogTable({
  items,
  total,
  page,
  pageSize,
  loading,
  onPage,
  ...ctx
}: Omit<LogColumnContext, 't'> & {
  items: LogItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('log');
  return (
    <Table<LogItem>
      rowKey="id"
      size="small"
      data-testid="log-table"
      columns={logColumns({ t, ...ctx })}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      onRow={(item) => ({ onDoubleClick: () => ctx.onDetail(item) })}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        onChange: onPage,
        showTotal: (count) => t('total', { count }),
      }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
