import { hasRole, Role } from '@gateway/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useUser } from '../../lib/user-store';
import { useSiteInfo } from '../../site/hooks/use-status';
import { fetchAgentSelf } from './api';
import { AgentDashboard } from './components/AgentDashboard';
import { AgentManagement } from './components/AgentManagement';
import { ApplyCard } from './components/ApplyCard';
import { WithdrawalReview } from './components/WithdrawalReview';

/**
 * `/agent` (pro-max, agent page on): join the programme; as an agent, the users one brought,
 * dividends and withdrawals; administrators manage agents, finance staff review withdrawals.
 */
export function AgentPage() {
  const { t } = useTranslation(['agent', 'layout']);
  const me = useUser();
  const { quota } = useSiteInfo();
  const self = useQuery({ queryKey: ['agent-self'], queryFn: fetchAgentSelf });
  const active = self.data?.agent?.status === 'active';
  return (
    <>
      <PageHeader title={t('layout:nav.agent')} description={t('description')} />
      <Spin spinning={self.isPending}>
        <Flex vertical gap={16}>
          {self.data &&
            (active ? (
              <AgentDashboard self={self.data} display={quota} />
            ) : (
              <ApplyCard self={self.data} />
            ))}
          {me && hasRole(me.role, Role.admin) && <AgentManagement display={quota} />}
          {me && hasRole(me.role, Role.finance) && <WithdrawalReview display={quota} />}
        </Flex>
      </Spin>
    </>
  );
}

export default AgentPage;
