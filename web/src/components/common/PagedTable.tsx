import { Table, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';

/** Page sizes every server-paged list offers. */
export const pageSizeOptions = [10, 20, 50, 100];

/** Where a server-paged list stands. */
export interface Paging {
  page: number;
  pageSize: number;
  total: number;
}

/**
 * The console's table of one server page: rows keyed by `id`, horizontal scroll on narrow
 * screens, the page-size choice and the total, and row selection when given. Screens pass
 * their columns, rows and texts; the paging behaves the same everywhere.
 */
export function PagedTable<T extends object>({
  paging,
  onPage,
  totalLabel,
  selection,
  ...table
}: Omit<TableProps<T>, 'pagination' | 'rowSelection'> & {
  paging: Paging;
  onPage: (page: number, pageSize: number) => void;
  /** The "N in total" text. */
  totalLabel: (count: number) => ReactNode;
  /** Selected row keys and their setter, for batch actions. */
  selection?: { selected: Key[]; onSelect: (keys: Key[]) => void };
}) {
  return (
    <Table<T>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      {...table}
      rowSelection={
        selection && { selectedRowKeys: selection.selected, onChange: selection.onSelect }
      }
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: paging.total,
        showSizeChanger: true,
        pageSizeOptions,
        onChange: onPage,
        showTotal: totalLabel,
      }}
    />
  );
}
