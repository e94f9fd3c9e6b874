import type { TokenItem } from '@gateway/shared';
import { PagedTable } from '../../../components/common/PagedTable';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenColumns, type TokenColumnContext } from './token-columns';

/** The key table with selection for batch deletion and server-side paging. */
export function TokenTable({
  items,
  total,
  page,
  pageSize,
  loading,
  selected,
  onSelect,
  onPage,
  ...ctx
}: Omit<TokenColumnContext, 't'> & {
  items: TokenItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('token');
  return (
    <PagedTable<TokenItem>
      size="middle"
      data-testid="token-table"
      columns={tokenColumns({ t, ...ctx })}
      dataSource={items}
      loading={loading}
      selection={{ selected, onSelect }}
      paging={{ page, pageSize, total }}
      onPage={onPage}
      totalLabel={(count) => t('total', { count })}
      locale={{ emptyText: t('empty') }}
    />
  );
}
