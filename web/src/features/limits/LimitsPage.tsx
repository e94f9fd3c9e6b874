import { Alert, Col, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useStatus } from '../../site/hooks/use-status';
import { AccountLimits } from './components/AccountLimits';
import { GroupTable } from './components/GroupTable';
import { KeyLimits } from './components/KeyLimits';
import { LevelLimits } from './components/LevelLimits';
import { RateLimits } from './components/RateLimits';
import { useSelfLimits } from './hooks/use-self-limits';

/**
 * /limits: the group, ratios, discount, rate limits, key limits and the level's limits (with
 * what is used of them) that apply to the user.
 */
export function LimitsPage() {
  const { t } = useTranslation('limits');
  const status = useStatus();
  const limits = useSelfLimits();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {limits.isError && <Alert type="error" showIcon title={limits.error.message} />}
      <Spin spinning={limits.isLoading}>
        {limits.data && (
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              <AccountLimits limits={limits.data} />
            </Col>
            <Col xs={24} md={12}>
              <RateLimits limits={limits.data} status={status} />
            </Col>
            <Col xs={24} md={12}>
              <GroupTable groups={limits.data.usable_groups} own={limits.data.group} />
            </Col>
            <Col xs={24} md={12}>
              <KeyLimits keys={limits.data.keys} />
            </Col>
            <Col xs={24}>
              <LevelLimits limits={limits.data} />
            </Col>
          </Row>
        )}
      </Spin>
    </>
  );
}

export default LimitsPage;
