import { QrcodeOutlined } from '@ant-design/icons';
import { FloatButton, Image, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../features/status/hooks/useStatus';

/** The floating contact button, shown when the administrator set a QR-code image. */
export function QrContactButton() {
  const { t } = useTranslation();
  const { status } = useStatus();
  if (!status?.qrcode) return null;
  return (
    <Popover
      placement="leftBottom"
      trigger={['click', 'hover']}
      content={
        <div style={{ textAlign: 'center' }}>
          <Image src={status.qrcode} width={180} preview={false} alt={t('qr.alt')} />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {t('qr.hint')}
          </Typography.Text>
        </div>
      }
    >
      <FloatButton
        icon={<QrcodeOutlined />}
        tooltip={t('qr.title')}
        data-testid="qr-contact"
        style={{ insetInlineEnd: 24, insetBlockEnd: 24 }}
      />
    </Popover>
  );
}
