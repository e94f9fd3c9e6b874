import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../../lib/download';
import { CopyButton } from '../../../components/common/CopyButton';
import { codesCsv } from '../lib/redemption-view';

/** A batch just generated. */
export interface NewBatch {
  keys: string[];
  name: string;
  /** The value of each code, as the site shows amounts. */
  amount: string;
  /** The expiry as text (or the word for never). */
  expiry: string;
}

/** Shows the codes of a new batch, to copy or to download as CSV. */
export function NewCodesDialog({
  batch,
  onClose,
}: {
  batch: NewBatch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('redemption');
  const text = batch?.keys.join('\n') ?? '';
  const exportCodes = () => {
    if (!batch) return;
    const header = [t('csv.code'), t('csv.name'), t('csv.amount'), t('csv.expires')] as const;
    saveCsv(`redemption-${batch.name}.csv`, codesCsv(batch.keys, batch, header));
  };
  return (
    <Modal
      open={batch !== null}
      title={t('created.title', { count: batch?.keys.length ?? 0 })}
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="end" wrap>
          <CopyButton text={text}>{t('created.copyAll')}</CopyButton>
          <Button icon={<DownloadOutlined />} onClick={exportCodes}>
            {t('created.download')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('created.done')}
          </Button>
        </Flex>
      }
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Typography.Paragraph type="secondary">{t('created.hint')}</Typography.Paragraph>
      <Input.TextArea
        readOnly
        value={text}
        autoSize={{ minRows: 3, maxRows: 12 }}
        data-testid="new-codes"
        style={{ fontFamily: 'monospace' }}
      />
    </Modal>
  );
}
