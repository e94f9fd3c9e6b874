import { NotificationOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/ui/Markdown';

/** The site announcement, rendered from Markdown. */
export function AnnouncementCard({ notice }: { notice: string | undefined }) {
  const { t } = useTranslation('panel');
  return (
    <Card
      size="small"
      title={
        <span>
          <NotificationOutlined /> {t('announcement')}
        </span>
      }
      styles={{ body: { maxHeight: 320, overflow: 'auto' } }}
    >
      {notice?.trim() ? (
        <Markdown source={notice} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAnnouncement')} />
      )}
    </Card>
  );
}
