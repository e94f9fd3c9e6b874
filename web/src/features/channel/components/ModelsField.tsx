import { CloudDownloadOutlined, ClearOutlined, AppstoreAddOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The models picker: type names freely, fetch them from the upstream, or fill the common ones. */
export function ModelsField({
  value,
  onChange,
  fetching,
  onFetch,
  onFill,
}: {
  value?: string[];
  onChange?: (models: string[]) => void;
  fetching: boolean;
  onFetch: () => void;
  onFill: () => void;
}) {
  const { t } = useTranslation('channel');
  const models = value ?? [];
  return (
    <Flex vertical gap={6}>
      <Select
        mode="tags"
        value={models}
        onChange={onChange}
        tokenSeparators={[',', '\n', ' ']}
        placeholder={t('form.modelsPlaceholder')}
        maxTagCount={30}
        open={false}
        suffixIcon={null}
        style={{ width: '100%' }}
        data-testid="channel-models"
      />
      <Flex wrap gap={6} align="center">
        <Button
          size="small"
          icon={<CloudDownloadOutlined />}
          loading={fetching}
          onClick={onFetch}
          data-testid="channel-fetch-models"
        >
          {t('form.fetchModels')}
        </Button>
        <Button
          size="small"
          icon={<AppstoreAddOutlined />}
          onClick={onFill}
          data-testid="channel-fill-models"
        >
          {t('form.fillModels')}
        </Button>
        <Button size="small" icon={<ClearOutlined />} onClick={() => onChange?.([])}>
          {t('form.clearModels')}
        </Button>
        <Typography.Text type="secondary">
          {t('form.modelCount', { count: models.length })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
