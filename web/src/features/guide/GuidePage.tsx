import { Card, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { BenefitCards } from './components/BenefitCards';
import { GuideContent } from './components/GuideContent';
import { useGuide } from './hooks/use-guide';

/** /guide: activity benefits — the administrator's guide plus the benefits switched on. */
export function GuidePage() {
  const { t } = useTranslation('guide');
  const status = useStatus();
  const { quota } = useSiteInfo();
  const guide = useGuide();
  const text = guide.data?.trim() ?? '';
  const benefits =
    status.enable_checkin || status.enable_aff || (status.RechargeDiscount ?? '{}') !== '{}';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Spin spinning={guide.isLoading}>
        <Flex vertical gap={16}>
          <BenefitCards status={status} display={quota} />
          {text && <GuideContent text={text} />}
          {!text && !benefits && !guide.isLoading && (
            <Card>
              <Empty description={t('empty')} />
            </Card>
          )}
        </Flex>
      </Spin>
    </>
  );
}

export default GuidePage;
