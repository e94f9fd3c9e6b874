import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Multi-select of the models the user may use, with select-all and clear. */
export function ModelLimitPicker({
  models,
  loading,
  value,
  onChange,
}: {
  models: string[];
  loading: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const { t } = useTranslation('token');
  const chosen = value ?? [];
  const options = [...new Set([...models, ...chosen])].map((m) => ({ value: m, label: m }));
  return (
    <Flex vertical gap={6}>
      <Select
        mode="multiple"
        allowClear
        loading={loading}
        value={chosen}
        onChange={onChange}
        options={options}
        placeholder={t('form.modelsPlaceholder')}
        maxTagCount="responsive"
        style={{ width: '100%' }}
        data-testid="token-models"
      />
      <Flex gap={6}>
        <Button size="small" onClick={() => onChange?.(models)}>
          {t('form.selectAll')}
        </Button>
        <Button size="small" onClick={() => onChange?.([])}>
          {t('form.clear')}
        </Button>
      </Flex>
    </Flex>
  );
}
