import type { ChannelItem } from '@gateway/shared';
import { PagedTable } from '../../../components/common/PagedTable';
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
    <PagedTable<ChannelItem>
      size="small"
      data-testid="channel-table"
      columns={channelColumns({ t, ...ctx })}
      dataSource={items}
      loading={loading}
      selection={ctx.canWrite ? { selected, onSelect } : undefined}
      paging={{ page, pageSize, total }}
      onPage={onPage}
      totalLabel={(count) => t('total', { count })}
      locale={{ emptyText: t('empty') }}
    />
  );
}
