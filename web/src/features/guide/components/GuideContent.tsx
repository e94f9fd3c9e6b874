import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../../components/ui/RichContent';
import { Markdown } from '../../../components/ui/Markdown';
import { parseGuideItems } from '../lib/guide-content';

/** The administrator's guide: a JSON list as cards, anything else as rich content. */
export function GuideContent({ text }: { text: string }) {
  const { t } = useTranslation('guide');
  const items = parseGuideItems(text);
  if (!items) {
    return (
      <Card>
        <RichContent content={text} title={t('title')} />
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {items.map((item, index) => (
        <Col key={index} xs={24} md={12}>
          <Card style={{ height: '100%' }}>
            {item.title && (
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {item.title}
              </Typography.Title>
            )}
            <Markdown source={item.content} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
