import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/common/use-copy';
import { revealKey } from '../api';

/** The masked key with buttons to show it in full and to copy it (with the manual fallback). */
export function TokenKeyCell({ id, masked }: { id: number; masked: string }) {
  const { t } = useTranslation('token');
  const copy = useCopy();
  const [full, setFull] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = async () => {
    if (full) return full;
    setBusy(true);
    try {
      const key = await revealKey(id);
      setFull(key);
      return key;
    } finally {
      setBusy(false);
    }
  };
  const shown = full ?? `sk-${masked}`;
  return (
    <Flex align="center" gap={4} style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text code style={{ fontSize: 12 }} data-testid={`token-key-${id}`}>
        {shown}
      </Typography.Text>
      <Tooltip title={full ? t('key.hide') : t('key.show')}>
        <Button
          size="small"
          type="text"
          loading={busy}
          icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => (full ? setFull(null) : void load())}
          aria-label={full ? t('key.hide') : t('key.show')}
        />
      </Tooltip>
      <Tooltip title={t('key.copy')}>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          onClick={async () => void copy(await load())}
          aria-label={t('key.copy')}
          data-testid={`token-copy-${id}`}
        />
      </Tooltip>
    </Flex>
  );
}
