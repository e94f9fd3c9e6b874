import { QrcodeOutlined } from '@ant-design/icons';
import { FloatButton, Popover, theme, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../hooks/use-status';

/** QR codes stay dark on light in both themes so that every scanner reads them. */
const scanTokens = theme.getDesignToken();

const isImage = (value: string) =>
  /^data:image\//.test(value) || /\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i.test(value);

/** The floating contact button: the status `qrcode` as an image, or encoded as a QR code. */
export function QrContactButton() {
  const { t } = useTranslation('layout');
  const { qrcode } = useStatus();
  if (!qrcode) return null;
  const content = (
    <div style={{ textAlign: 'center' }}>
      {isImage(qrcode) ? (
        <img
          src={qrcode}
          alt={t('contact.qrAlt')}
          width={180}
          height={180}
          style={{ objectFit: 'contain' }}
        />
      ) : (
        <QRCodeSVG
          value={qrcode}
          size={180}
          marginSize={2}
          bgColor={scanTokens.colorWhite}
          fgColor={scanTokens.colorTextBase}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('contact.scan')}
      </Typography.Paragraph>
    </div>
  );
  return (
    <Popover content={content} title={t('contact.title')} trigger="click" placement="leftBottom">
      <FloatButton
        icon={<QrcodeOutlined />}
        tooltip={t('contact.title')}
        aria-label={t('contact.title')}
      />
    </Popover>
  );
}
