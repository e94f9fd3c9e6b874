import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RichContent } from '../../components/ui/RichContent';
import { isEmbedUrl } from '../../components/ui/markdown';
import { useHomeContent } from '../content/hooks/useHomeContent';
import { DefaultHero } from './components/DefaultHero';

/** Home: the administrator's content (Markdown, HTML or an embedded page) or the default hero. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data, isPending } = useHomeContent();
  if (isPending) return <PageSpinner />;
  const content = (data ?? '').trim();
  if (!content) return <DefaultHero />;
  if (isEmbedUrl(content)) return <RichContent content={content} title={t('nav.home')} />;
  return (
    <div style={{ padding: '24px 16px', maxWidth: 1080, margin: '0 auto' }}>
      <RichContent content={content} title={t('nav.home')} />
    </div>
  );
}
