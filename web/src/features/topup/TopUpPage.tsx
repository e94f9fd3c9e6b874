import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useSiteInfo, useStatus } from '../../site/hooks/use-status';
import { InvitationCard, RebateRecords } from '../growth';
import { useSelf } from '../profile';
import { fetchTopUpInfo } from './api';
import { BalanceCard } from './components/BalanceCard';
import { OnlineTopUpCard } from './components/OnlineTopUpCard';
import { RechargeRecords } from './components/RechargeRecords';
import { RedeemCard } from './components/RedeemCard';

/**
 * `/topup`: the balance, redeeming a code, paying online, the recharge records, and (with
 * invitations on) the invitation card and the rebate records.
 */
export function TopUpPage() {
  const { t } = useTranslation(['topup', 'layout']);
  const { quota: display } = useSiteInfo();
  const status = useStatus();
  const self = useSelf();
  const info = useQuery({ queryKey: ['topup-info'], queryFn: fetchTopUpInfo });
  return (
    <>
      <PageHeader title={t('layout:nav.topup')} description={t('description')} />
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <BalanceCard
              quota={self.data?.quota}
              usedQuota={self.data?.used_quota}
              topUpQuota={self.data?.topup_quota}
              display={display}
              topUpLink={info.data?.top_up_link ?? status.top_up_link ?? ''}
              onlineEnabled={info.data?.enable_online_topup ?? false}
            />
          </Col>
          <Col xs={24} md={12}>
            <RedeemCard display={display} />
          </Col>
        </Row>
        <OnlineTopUpCard info={info.data} display={display} />
        <RechargeRecords display={display} />
        {(status.enable_aff || (self.data?.aff_quota ?? 0) > 0) && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              <InvitationCard display={display} />
            </Col>
            <Col xs={24} lg={14}>
              <RebateRecords display={display} />
            </Col>
          </Row>
        )}
      </Flex>
    </>
  );
}

export default TopUpPage;
