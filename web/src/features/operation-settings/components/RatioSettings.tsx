import { UndoOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Tabs } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/price';
import { resetModelPrices } from '../api';
import { useOperationSave } from '../hooks/use-operation-save';
import { MapEditor } from './MapEditor';

/** The price maps: model ratio, completion ratio, fixed price, group ratio, group descriptions. */
export function RatioSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('operation');
  const { save, saving } = useOperationSave();
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: resetModelPrices,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['options'] });
      void client.invalidateQueries({ queryKey: ['pricing'] });
    },
  });
  const editors = [
    {
      key: 'ModelRatio',
      kind: 'number' as const,
      hint: (v: number) => t('ratios.modelRatioHint', { price: formatUsd(v * 2) }),
    },
    { key: 'CompletionRatio', kind: 'number' as const },
    {
      key: 'ModelPrice',
      kind: 'number' as const,
      hint: (v: number) => t('ratios.perCall', { price: formatUsd(v) }),
    },
    { key: 'GroupRatio', kind: 'number' as const },
    { key: 'UserUsableGroups', kind: 'text' as const },
  ].filter((e) => e.key in options);
  return (
    <Card title={t('ratios.title')} data-testid="operation-ratios">
      <Tabs
        items={editors.map((e) => ({
          key: e.key,
          label: t(`ratios.${e.key}.title`),
          children: (
            <MapEditor
              key={`${e.key}:${options[e.key]}`}
              testId={`map-${e.key}`}
              description={t(`ratios.${e.key}.description`)}
              valueLabel={t(`ratios.${e.key}.value`)}
              stored={options[e.key]}
              kind={e.kind}
              hint={e.hint}
              saving={saving}
              onSave={(text) => {
                void save([[e.key, text]]).then(() =>
                  client.invalidateQueries({ queryKey: ['pricing'] }),
                );
              }}
              extra={
                e.key === 'ModelRatio' && (
                  <Popconfirm
                    title={t('ratios.resetConfirm')}
                    onConfirm={() => void reset.mutateAsync()}
                  >
                    <Button size="small" icon={<UndoOutlined />} loading={reset.isPending}>
                      {t('ratios.reset')}
                    </Button>
                  </Popconfirm>
                )
              }
            />
          ),
        }))}
      />
    </Card>
  );
}
