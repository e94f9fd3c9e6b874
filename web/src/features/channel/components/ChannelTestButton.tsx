import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Test with the channel's test model, or pick one of its models from the menu. */
export function ChannelTestButton({
  models,
  busy,
  onTest,
  testId,
}: {
  models: string[];
  busy: boolean;
  onTest: (model?: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('channel');
  return (
    <Space.Compact size="small">
      <Button
        size="small"
        icon={<ThunderboltOutlined />}
        loading={busy}
        onClick={() => onTest()}
        data-testid={testId}
      >
        {t('actions.test')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={busy || models.length === 0}
        menu={{
          items: models.slice(0, 50).map((model) => ({ key: model, label: model })),
          onClick: ({ key }) => onTest(key),
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('actions.testModel')} />
      </Dropdown>
    </Space.Compact>
  );
}
