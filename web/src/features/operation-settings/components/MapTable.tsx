import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapRow, MapValueKind } from '../lib/map-editor';

/** The table view of a map: name and value edited in place, rows removable. */
export function MapTable({
  rows,
  kind,
  valueLabel,
  hint,
  onChange,
}: {
  rows: MapRow[];
  kind: MapValueKind;
  valueLabel: string;
  /** Extra text under each value (e.g. the price a ratio stands for). */
  hint?: (value: number) => string;
  onChange: (rows: MapRow[]) => void;
}) {
  const { t } = useTranslation('operation');
  const patch = (id: number, change: Partial<MapRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  return (
    <Table<MapRow>
      size="small"
      rowKey="id"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }}
      columns={[
        {
          key: 'name',
          title: t('map.name'),
          render: (_, row) => (
            <Input
              size="small"
              value={row.name}
              status={row.name.trim() ? undefined : 'error'}
              onChange={(e) => patch(row.id, { name: e.target.value })}
              style={{ minWidth: 140 }}
              aria-label={t('map.name')}
            />
          ),
        },
        {
          key: 'value',
          title: valueLabel,
          render: (_, row) =>
            kind === 'number' ? (
              <>
                <InputNumber
                  size="small"
                  min={0}
                  step={0.1}
                  value={typeof row.value === 'number' ? row.value : null}
                  status={typeof row.value === 'number' ? undefined : 'error'}
                  onChange={(value) => patch(row.id, { value })}
                  style={{ width: 140 }}
                  aria-label={valueLabel}
                />
                {hint && typeof row.value === 'number' && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                    {hint(row.value)}
                  </Typography.Text>
                )}
              </>
            ) : (
              <Input
                size="small"
                value={typeof row.value === 'string' ? row.value : ''}
                onChange={(e) => patch(row.id, { value: e.target.value })}
                style={{ minWidth: 220 }}
                aria-label={valueLabel}
              />
            ),
        },
        {
          key: 'remove',
          title: '',
          width: 48,
          render: (_, row) => (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
              aria-label={t('map.remove')}
            />
          ),
        },
      ]}
    />
  );
}
