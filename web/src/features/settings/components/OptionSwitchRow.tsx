import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveOptions } from '../hooks/use-save-options';
import type { FieldDef } from '../lib/setting-fields';

/** A switch saved as soon as it is flipped; some ask before switching off. */
export function OptionSwitchRow({ field, value }: { field: FieldDef; value: string }) {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const save = useSaveOptions();
  const checked = value === 'true' || value === '1';
  const ns = field.ns ?? 'settings';
  const label = t(`fields.${field.key}.label`, { ns });
  const help = t(`fields.${field.key}.help`, { defaultValue: '', ns });
  const change = (next: boolean) => {
    const apply = () => save.mutateAsync([[field.key, String(next)]]);
    if (!next && field.confirmOff) {
      modal.confirm({
        title: t('confirm.title'),
        content: t(`confirm.${field.key}`),
        onOk: apply,
        okButtonProps: { danger: true },
      });
    } else {
      void apply().catch(() => undefined);
    }
  };
  return (
    <Flex justify="space-between" align="center" gap={16} style={{ padding: '10px 0' }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {help && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {help}
          </Typography.Paragraph>
        )}
      </div>
      <Switch
        checked={checked}
        loading={save.isPending}
        onChange={change}
        data-option={field.key}
        aria-label={label}
      />
    </Flex>
  );
}
