import type { LogItem } from '@gateway/shared';
import { PagedTable } from '../../../components/common/PagedTable';
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
    <PagedTable<LogItem>
      size="small"
      data-testid="log-table"
      columns={logColumns({ t, ...ctx })}
      dataSource={items}
      loading={loading}
      onRow={(item) => ({ onDoubleClick: () => ctx.onDetail(item) })}
      paging={{ page, pageSize, total }}
      onPage={onPage}
      totalLabel={(count) => t('total', { count })}
      locale={{ emptyText: t('empty') }}
    />
  );
}
