import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../components/ui/PageCard';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RichContent } from '../../components/ui/RichContent';
import { isEmbedUrl } from '../../components/ui/markdown';
import { useAbout } from './hooks/useAbout';

/** About: the administrator's Markdown or HTML, or an embedded https page. */
export default function AboutPage() {
  const { t } = useTranslation();
  const { data, isPending } = useAbout();
  if (isPending) return <PageSpinner />;
  const content = data ?? '';
  if (isEmbedUrl(content)) return <RichContent content={content} title={t('nav.about')} />;
  return (
    <PageCard title={t('nav.about')}>
      {content.trim() ? (
        <RichContent content={content} title={t('nav.about')} />
      ) : (
        <Empty description={t('content.aboutEmpty')} />
      )}
    </PageCard>
  );
}
