import { Collapse, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { PageSpinner } from '../../components/common/PageSpinner';
import { Markdown } from '../../components/ui/Markdown';
import { useFaq } from './hooks/use-faq';

/** `/faq`: the questions and answers set by the administrator. */
export function FaqPage() {
  const { t } = useTranslation(['layout', 'pages']);
  const { data = [], isPending } = useFaq();
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <PageHeader title={t('nav.faq')} description={t('pages:faq.description')} />
      {isPending ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <Empty description={t('pages:faq.empty')} />
      ) : (
        <Collapse
          defaultActiveKey={['0']}
          items={data.map((item, index) => ({
            key: String(index),
            label: item.question,
            children: <Markdown source={item.answer} />,
          }))}
        />
      )}
    </div>
  );
}
