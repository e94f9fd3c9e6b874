import { Card, Col, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/common/PageHeader';
import { PageSpinner } from '../../components/common/PageSpinner';
import { useUser } from '../../lib/user-store';
import { DisplayNameForm } from '../profile';
import { PasswordForm } from '../profile';
import { useSelf } from '../profile';
import { UserEditForm } from './components/UserEditForm';
import { useUserDetail } from './hooks/use-user-detail';

/** `/user/edit/:id` edits a user below the editor; `/user/edit` edits the editor's own account. */
export function UserEditPage() {
  const { t } = useTranslation(['layout', 'users']);
  const { id } = useParams();
  const me = useUser();
  const targetId = id && /^\d+$/.test(id) ? Number(id) : null;
  const detail = useUserDetail(targetId);
  const self = useSelf();

  if (!me) return null;
  if (id !== undefined && targetId === null) {
    return <Result status="404" subTitle={t('users:edit.badId')} />;
  }
  if (targetId === null) {
    return (
      <>
        <PageHeader title={t('nav.userEdit')} description={t('users:edit.self')} />
        {self.data ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <DisplayNameForm key={self.data.display_name} displayName={self.data.display_name} />
            </Col>
            <Col xs={24} lg={12}>
              <PasswordForm />
            </Col>
          </Row>
        ) : (
          <PageSpinner />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('nav.userEdit')}
        description={detail.data ? `#${detail.data.id} ${detail.data.username}` : undefined}
      />
      <Card>
        {detail.isPending ? (
          <PageSpinner />
        ) : detail.data ? (
          <UserEditForm me={me} user={detail.data} />
        ) : (
          <Result status="warning" subTitle={detail.error?.message} />
        )}
      </Card>
    </>
  );
}
