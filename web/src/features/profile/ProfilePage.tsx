import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { useSiteInfo } from '../../site/hooks/use-status';
import { NotificationsCard } from '../notifications';
import { AccessTokenCard } from './components/AccessTokenCard';
import { BindingsCard } from './components/BindingsCard';
import { CloseAccountCard } from './components/CloseAccountCard';
import { DisplayNameForm } from './components/DisplayNameForm';
import { PasswordForm } from './components/PasswordForm';
import { UserSummaryCard } from './components/UserSummaryCard';
import { useSelf } from './hooks/use-self';

/**
 * `/profile`: the user card, display name, password, bindings, notifications, access token,
 * close out.
 */
export function ProfilePage() {
  const { t } = useTranslation('layout');
  const self = useSelf();
  const user = self.data;
  const { quota } = useSiteInfo();
  return (
    <>
      <PageHeader title={t('nav.profile')} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <UserSummaryCard user={user} loading={self.isPending} />
        </Col>
        {user && (
          <>
            <Col xs={24} lg={12}>
              <DisplayNameForm key={user.display_name} displayName={user.display_name} />
            </Col>
            <Col xs={24} lg={12}>
              <PasswordForm />
            </Col>
            <Col span={24}>
              <BindingsCard user={user} />
            </Col>
            <Col span={24}>
              <NotificationsCard role={user.role} display={quota} />
            </Col>
            <Col xs={24} lg={12}>
              <AccessTokenCard />
            </Col>
            <Col xs={24} lg={12}>
              <CloseAccountCard username={user.username} role={user.role} />
            </Col>
          </>
        )}
      </Row>
    </>
  );
}
