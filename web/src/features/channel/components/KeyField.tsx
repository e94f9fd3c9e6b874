import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { keyLines } from '../lib/channel-form';

/** The key box: one key, or one per line in batch mode; on edit, empty keeps the stored key. */
export function KeyField({
  value,
  onChange,
  batch,
  editing,
  onReveal,
  revealing,
}: {
  value?: string;
  onChange?: (key: string) => void;
  batch: boolean;
  editing: boolean;
  onReveal?: () => void;
  revealing?: boolean;
}) {
  const { t } = useTranslation('channel');
  return (
    <Flex vertical gap={6}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: batch ? 4 : 2, maxRows: 12 }}
        placeholder={
          editing ? t('form.keyKeep') : batch ? t('form.keyBatch') : t('form.keyPlaceholder')
        }
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        spellCheck={false}
        autoComplete="off"
        data-testid="channel-key"
      />
      <Flex justify="space-between" align="center" wrap gap={6}>
        <Typography.Text type="secondary">
          {batch ? t('form.keyLines', { count: keyLines(value ?? '').length }) : ''}
        </Typography.Text>
        {editing && onReveal && (
          <Button size="small" icon={<EyeOutlined />} loading={revealing} onClick={onReveal}>
            {t('form.revealKey')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
