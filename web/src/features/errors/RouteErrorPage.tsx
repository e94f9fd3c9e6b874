import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** Shown inside the shell when a page fails to render or its code cannot be loaded. */
export function RouteErrorPage() {
  const { t } = useTranslation('pages');
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Result
      status="500"
      title={t('routeError.title')}
      subTitle={detail ? `${t('routeError.message')} (${detail})` : t('routeError.message')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
