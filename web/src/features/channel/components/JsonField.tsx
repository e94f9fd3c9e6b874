import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatJson } from '../lib/json-text';

/** A JSON text box with "format" and "fill example" buttons (validated by the form rule). */
export function JsonField({
  value,
  onChange,
  example,
  placeholder,
  testId,
}: {
  value?: string;
  onChange?: (value: string) => void;
  example: string;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation('channel');
  return (
    <Flex vertical gap={6}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        placeholder={placeholder ?? example}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        spellCheck={false}
        data-testid={testId}
      />
      <Flex gap={6}>
        <Button size="small" onClick={() => onChange?.(formatJson(value ?? ''))}>
          {t('json.format')}
        </Button>
        <Button size="small" onClick={() => onChange?.(example)}>
          {t('json.example')}
        </Button>
        <Button size="small" onClick={() => onChange?.('')}>
          {t('json.clear')}
        </Button>
      </Flex>
    </Flex>
  );
}
