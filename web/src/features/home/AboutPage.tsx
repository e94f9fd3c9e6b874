import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { PageSpinner } from '../../components/common/PageSpinner';
import { RichContent } from '../../components/ui/RichContent';
import { isFrameUrl } from '../../lib/markdown';
import { useAbout } from './hooks/use-about';

/** `/about`: the admin's about content (Markdown, HTML or a framed URL). */
export function AboutPage() {
  const { t } = useTranslation(['layout', 'pages']);
  const { data, isPending } = useAbout();
  if (isPending) return <PageSpinner />;
  const content = data?.trim() ?? '';
  if (isFrameUrl(content)) return <RichContent content={content} title={t('nav.about')} />;
  return (
    <>
      <PageHeader title={t('nav.about')} />
      <Card>
        {content ? (
          <RichContent content={content} title={t('nav.about')} />
        ) : (
          <Empty description={t('pages:about.empty')} />
        )}
      </Card>
    </>
  );
}
