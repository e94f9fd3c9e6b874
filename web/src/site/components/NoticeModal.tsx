import { Button, Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/ui/Markdown';

/** The announcement dialog; `onClose(true)` means "no more reminders today". */
export function NoticeModal({
  content,
  open,
  onClose,
}: {
  content: string;
  open: boolean;
  onClose: (forToday: boolean) => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <Modal
      open={open}
      title={t('notice.title')}
      onCancel={() => onClose(false)}
      width={640}
      footer={[
        <Button key="today" onClick={() => onClose(true)}>
          {t('notice.noMoreToday')}
        </Button>,
        <Button key="close" type="primary" onClick={() => onClose(false)}>
          {t('notice.close')}
        </Button>,
      ]}
    >
      {content.trim() ? <Markdown source={content} /> : <Empty description={t('notice.empty')} />}
    </Modal>
  );
}
