import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.message')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
