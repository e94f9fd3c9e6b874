import type { ChannelItem } from '@gateway/shared';
import { Table } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { channelColumns, type ChannelColumnContext } from './channel-columns';

/** The channel table with selection (root) and server-side paging. */
export function ChannelTable({
  items,
  total,
  page,
  pageSize,
  loading,
  selected,
  onSelect,
  onPage,
  ...ctx
}: Omit<ChannelColumnContext, 't'> & {
  items: ChannelItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('channel');
  return (
    <Table<ChannelItem>
      rowKey="id"
      size="small"
      data-testid="channel-table"
      columns={channelColumns({ t, ...ctx })}
      dataSource={items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowSelection={ctx.canWrite ? { selectedRowKeys: selected, onChange: onSelect } : undefined}
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
