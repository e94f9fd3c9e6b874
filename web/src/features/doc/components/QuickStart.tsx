import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { snippets } from '../lib/snippets';

/** Base URL, authentication and code samples for the first call. */
export function QuickStart({ baseUrl }: { baseUrl: string }) {
  const { t } = useTranslation('doc');
  const code = snippets(baseUrl);
  return (
    <Card title={t('quickStart.title')}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('quickStart.baseUrl')}{' '}
          <Typography.Text code copyable data-testid="doc-base-url">
            {`${baseUrl}/v1`}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('quickStart.auth')} <Typography.Text code>Authorization: Bearer sk-…</Typography.Text>{' '}
          <Link to="/token">{t('quickStart.getKey')}</Link>
        </Typography.Paragraph>
        <Tabs
          items={(['curl', 'python', 'node'] as const).map((lang) => ({
            key: lang,
            label: t(`quickStart.${lang}`),
            children: (
              <Typography.Paragraph copyable={{ text: code[lang] }} style={{ margin: 0 }}>
                <pre style={{ margin: 0, overflowX: 'auto', fontSize: 12 }}>{code[lang]}</pre>
              </Typography.Paragraph>
            ),
          }))}
        />
      </Flex>
    </Card>
  );
}
