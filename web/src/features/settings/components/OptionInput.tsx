import { Button, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatJson, jsonOptionError } from '../lib/json-option';
import type { FieldDef } from '../lib/setting-fields';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The form control of one non-switch setting, with JSON validation where it applies. */
export function OptionInput({ field, form }: { field: FieldDef; form: FormInstance }) {
  const { t } = useTranslation('settings');
  const ns = field.ns ?? 'settings';
  const help = t(`fields.${field.key}.help`, { defaultValue: '', ns });
  const extra = field.secret ? t('secretHint') : help || undefined;
  const label = t(`fields.${field.key}.label`, { ns });
  const rules =
    field.kind === 'json' && field.json
      ? [
          {
            validator: async (_: unknown, value: string) => {
              const error = jsonOptionError(value ?? '', field.json!);
              if (error) throw new Error(t(error));
            },
          },
        ]
      : [];

  const control = () => {
    switch (field.kind) {
      case 'number':
        return <InputNumber min={field.min} max={field.max} style={{ width: '100%' }} />;
      case 'select':
        return (
          <Select options={field.options?.map((o) => ({ value: o, label: t(`values.${o}`) }))} />
        );
      case 'textarea':
        return <Input.TextArea autoSize={{ minRows: 3, maxRows: 16 }} />;
      case 'code':
      case 'json':
        return (
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 20 }} style={mono} spellCheck={false} />
        );
      default:
        return (
          <Input
            placeholder={field.secret ? t('secretPlaceholder') : undefined}
            autoComplete="off"
          />
        );
    }
  };

  return (
    <Form.Item
      name={field.key}
      label={
        field.kind === 'json' ? (
          <span>
            {label}{' '}
            <Button
              size="small"
              type="link"
              onClick={() =>
                form.setFieldValue(field.key, formatJson(form.getFieldValue(field.key) ?? ''))
              }
            >
              {t('formatJson')}
            </Button>
          </span>
        ) : (
          label
        )
      }
      extra={extra}
      rules={rules}
    >
      {control()}
    </Form.Item>
  );
}
