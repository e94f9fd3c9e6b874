import { PlusOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Segmented, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyRow,
  mapOfJson,
  mapOfRows,
  rowsOf,
  serializeMap,
  type MapProblem,
  type MapRow,
  type MapValueKind,
} from '../lib/map-editor';
import { MapTable } from './MapTable';

type View = 'table' | 'json';

/**
 * A JSON map setting (ratios, prices, group descriptions) in a table view and a JSON view,
 * both validated before the view changes and before saving. Remount it (key) after a save.
 */
export function MapEditor({
  title,
  description,
  stored,
  kind,
  valueLabel,
  hint,
  saving,
  onSave,
  extra,
  testId,
}: {
  /** Card title; left out inside a tab that names the map already. */
  title?: string;
  description: string;
  stored: string;
  kind: MapValueKind;
  valueLabel: string;
  hint?: (value: number) => string;
  saving: boolean;
  onSave: (text: string) => void;
  extra?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('operation');
  const [view, setView] = useState<View>('table');
  const [rows, setRows] = useState<MapRow[]>(() => rowsOf(stored) ?? []);
  const [json, setJson] = useState(() =>
    rowsOf(stored) ? serializeMap(JSON.parse(stored || '{}')) : stored,
  );
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<MapProblem | null>(() =>
    rowsOf(stored) ? null : { error: 'syntax' },
  );

  const current = () => (view === 'table' ? mapOfRows(rows, kind) : mapOfJson(json, kind));

  const switchView = (next: View) => {
    const { map, problem: p } = current();
    if (!map) return setProblem(p ?? null);
    setProblem(null);
    if (next === 'json') setJson(serializeMap(map));
    else setRows(rowsOf(JSON.stringify(map)) ?? []);
    setView(next);
  };

  const save = () => {
    const { map, problem: p } = current();
    if (!map) return setProblem(p ?? null);
    setProblem(null);
    onSave(serializeMap(map));
  };

  const needle = search.trim().toLowerCase();
  const visible = needle
    ? rows.filter((r) => r.name.toLowerCase().includes(needle) || !r.name)
    : rows;
  const replaceVisible = (changed: MapRow[]) => {
    const byId = new Map(changed.map((r) => [r.id, r]));
    const shown = new Set(visible.map((r) => r.id));
    setRows(
      rows.flatMap((r) => {
        if (!shown.has(r.id)) return [r];
        const edited = byId.get(r.id);
        return edited ? [edited] : [];
      }),
    );
    setProblem(null);
  };

  return (
    <Card
      size="small"
      title={title}
      extra={extra}
      variant={title ? 'outlined' : 'borderless'}
      styles={{
        body: title ? undefined : { padding: 0 },
        header: title ? undefined : { paddingInline: 0 },
      }}
      data-testid={testId}
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Segmented<View>
          value={view}
          onChange={switchView}
          options={[
            { value: 'table', label: t('map.table') },
            { value: 'json', label: t('map.json') },
          ]}
        />
        {view === 'table' && (
          <Flex gap={8} wrap>
            <Input
              allowClear
              size="small"
              prefix={<SearchOutlined />}
              placeholder={t('map.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 200 }}
            />
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                setSearch('');
                setRows([emptyRow(), ...rows]);
              }}
            >
              {t('map.add')}
            </Button>
          </Flex>
        )}
      </Flex>
      {view === 'table' ? (
        <MapTable
          rows={visible}
          kind={kind}
          valueLabel={valueLabel}
          hint={hint}
          onChange={replaceVisible}
        />
      ) : (
        <Input.TextArea
          value={json}
          onChange={(e) => {
            setJson(e.target.value);
            if (problem) setProblem(null);
          }}
          autoSize={{ minRows: 8, maxRows: 24 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          data-testid={testId ? `${testId}-json` : undefined}
        />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={t(`errors.${problem.error}`, { name: problem.name ?? '' })}
        />
      )}
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={save}
          data-testid={testId ? `${testId}-save` : undefined}
        >
          {t('save')}
        </Button>
      </Flex>
    </Card>
  );
}
