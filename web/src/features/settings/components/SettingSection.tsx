import { Button, Card, Col, Divider, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveOptions } from '../hooks/use-save-options';
import { compactJson, formatJson } from '../lib/json-option';
import type { SectionDef } from '../lib/setting-fields';
import { OptionInput } from './OptionInput';
import { OptionSwitchRow } from './OptionSwitchRow';

type FormValue = string | number | null | undefined;

/** Kinds that take the whole width; short inputs sit two per row on wide screens. */
const wide = new Set(['textarea', 'code', 'json']);

/** One card of settings: switches save at once, the other fields with the Save button. */
export function SettingSection({
  section,
  options,
}: {
  section: SectionDef;
  options: Record<string, string>;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const [form] = Form.useForm<Record<string, FormValue>>();
  const save = useSaveOptions();
  const switches = section.fields.filter((f) => f.kind === 'switch');
  const inputs = section.fields.filter((f) => f.kind !== 'switch');

  const initial: Record<string, FormValue> = {};
  for (const f of inputs) {
    const raw = options[f.key] ?? '';
    initial[f.key] =
      f.kind === 'number'
        ? raw === ''
          ? null
          : Number(raw)
        : f.kind === 'json'
          ? formatJson(raw)
          : raw;
  }

  const submit = (values: Record<string, FormValue>) => {
    const changes: Array<[string, string]> = [];
    for (const f of inputs) {
      const value =
        values[f.key] === null || values[f.key] === undefined ? '' : String(values[f.key]);
      if (f.secret && value === '') continue;
      if (value !== String(initial[f.key] ?? ''))
        changes.push([f.key, f.kind === 'json' ? compactJson(value) : value]);
    }
    save.mutate(changes);
  };

  return (
    <Card
      title={t(`sections.${section.id}`, { ns: section.ns ?? 'settings' })}
      data-section={section.id}
    >
      {switches.map((f, i) => (
        <div key={f.key}>
          {i > 0 && <Divider style={{ margin: 0 }} />}
          <OptionSwitchRow field={f} value={options[f.key] ?? 'false'} />
        </div>
      ))}
      {switches.length > 0 && inputs.length > 0 && <Divider />}
      {inputs.length > 0 && (
        <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
          <Row gutter={24}>
            {inputs.map((f) => (
              <Col key={f.key} xs={24} lg={wide.has(f.kind) ? 24 : 12}>
                <OptionInput field={f} form={form} />
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
