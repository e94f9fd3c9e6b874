import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { AnnouncementCard } from './components/AnnouncementCard';
import { QuickLinks } from './components/QuickLinks';
import { UsageCards } from './components/UsageCards';
import { UsageMiniChart } from './components/UsageMiniChart';
import { UserCard } from './components/UserCard';
import { useNotice } from './hooks/use-notice';
import { CheckinCard } from '../growth';
import { useSelf } from '../profile';
import { useWeekUsage } from './hooks/use-week-usage';

/** /panel: the workbench. */
export function PanelPage() {
  const { t } = useTranslation('panel');
  const status = useStatus();
  const { quota } = useSiteInfo();
  const self = useSelf();
  const week = useWeekUsage();
  const notice = useNotice();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            <UserCard user={self.data} display={quota} />
            <UsageCards week={week.data} display={quota} />
            <UsageMiniChart days={week.data?.days ?? []} display={quota} />
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            {status.enable_checkin && <CheckinCard display={quota} />}
            <QuickLinks docLink={status.api_doc_link ?? ''} />
            <AnnouncementCard notice={notice.data} />
          </Flex>
        </Col>
      </Row>
    </>
  );
}

export default PanelPage;
