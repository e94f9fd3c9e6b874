import { Collapse, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/ui/Markdown';
import { PageCard } from '../../components/ui/PageCard';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useFaq } from './hooks/useFaq';

/** Frequently asked questions, answers in Markdown. */
export default function FaqPage() {
  const { t } = useTranslation();
  const { data, isPending } = useFaq();
  return (
    <Flex justify="center" style={{ padding: '16px 8px' }}>
      <div style={{ width: '100%', maxWidth: 960 }}>
        <PageCard title={t('nav.faq')}>
          {isPending ? (
            <PageSpinner />
          ) : data && data.length > 0 ? (
            <Collapse
              items={data.map((item, index) => ({
                key: String(index),
                label: item.question,
                children: <Markdown source={item.answer} />,
              }))}
            />
          ) : (
            <Empty description={t('content.faqEmpty')} />
          )}
        </PageCard>
      </div>
    </Flex>
  );
}
