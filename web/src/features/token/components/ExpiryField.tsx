import { Button, DatePicker, Flex } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { expiryFromPreset, expiryPresets } from '../lib/token-form';

/** Expiry date and time (empty = never) with the presets one minute … never. */
export function ExpiryField({
  value,
  onChange,
}: {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
}) {
  const { t } = useTranslation('token');
  return (
    <Flex vertical gap={8}>
      <DatePicker
        showTime
        format="YYYY-MM-DD HH:mm:ss"
        value={value ?? null}
        onChange={(next) => onChange?.(next ?? null)}
        placeholder={t('form.neverPlaceholder')}
        style={{ width: '100%' }}
        data-testid="token-expiry"
      />
      <Flex wrap gap={6}>
        {expiryPresets.map((preset) => (
          <Button key={preset} size="small" onClick={() => onChange?.(expiryFromPreset(preset))}>
            {t(`expiry.${preset}`)}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
