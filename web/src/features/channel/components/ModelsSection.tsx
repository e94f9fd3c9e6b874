import { Card, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelFormValues } from '../lib/channel-form';
import { checkJsonObject } from '../lib/json-text';
import { JsonField } from './JsonField';
import { ModelsField } from './ModelsField';

/** The models served, their mapping, and the model used by tests. */
export function ModelsSection({
  fetching,
  onFetch,
  onFill,
}: {
  fetching: boolean;
  onFetch: () => void;
  onFill: () => void;
}) {
  const { t } = useTranslation('channel');
  const form = Form.useFormInstance<ChannelFormValues>();
  const models: string[] = Form.useWatch('models', form) ?? [];
  return (
    <Card size="small" title={t('form.sections.models')}>
      <Form.Item
        name="models"
        label={t('form.models')}
        rules={[{ required: true, type: 'array', min: 1, message: t('form.modelsRequired') }]}
      >
        <ModelsField fetching={fetching} onFetch={onFetch} onFill={onFill} />
      </Form.Item>
      <Form.Item
        name="model_mapping"
        label={t('form.modelMapping')}
        extra={t('form.modelMappingHint')}
        rules={[
          {
            validator: (_, v: string) => {
              const problem = checkJsonObject(v ?? '', 'mapping');
              return problem ? Promise.reject(new Error(t(`json.${problem}`))) : Promise.resolve();
            },
          },
        ]}
      >
        <JsonField
          example={'{\n  "gpt-4o": "gpt-4o-2024-11-20"\n}'}
          testId="channel-model-mapping"
        />
      </Form.Item>
      <Form.Item name="test_model" label={t('form.testModel')} extra={t('form.testModelHint')}>
        <Select
          allowClear
          showSearch
          options={models.map((m) => ({ value: m, label: m }))}
          placeholder={models[0] ?? ''}
          onClear={() => form.setFieldValue('test_model', '')}
        />
      </Form.Item>
    </Card>
  );
}
