import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/common/PageSpinner';
import { RichContent } from '../../components/ui/RichContent';
import { isFrameUrl } from '../../lib/markdown';
import { DefaultHero } from './components/DefaultHero';
import { useHomeContent } from './hooks/use-home-content';

/** `/`: the admin's home page content, or the default hero when none is set. */
export function HomePage() {
  const { t } = useTranslation('layout');
  const { data, isPending } = useHomeContent();
  if (isPending) return <PageSpinner />;
  const content = data?.trim() ?? '';
  if (!content) return <DefaultHero />;
  if (isFrameUrl(content)) return <RichContent content={content} title={t('nav.home')} />;
  return (
    <Card style={{ maxWidth: 1100, margin: '0 auto' }}>
      <RichContent content={content} title={t('nav.home')} />
    </Card>
  );
}
