import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { FullFrame } from '../../components/common/FullFrame';
import { useStatus } from '../../site/hooks/use-status';
import { EndpointTable } from './components/EndpointTable';
import { QuickStart } from './components/QuickStart';

/** /doc: the configured API documentation in a frame, else the built-in guide to the API. */
export function DocPage() {
  const { t } = useTranslation('doc');
  const status = useStatus();
  if (status.api_doc_link) {
    return <FullFrame src={status.api_doc_link} title={t('title')} testId="doc-frame" />;
  }
  const baseUrl = (status.server_address || window.location.origin).replace(/\/+$/, '');
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }}>
      <PageHeader title={t('title')} description={t('description')} />
      <Flex vertical gap={16}>
        <QuickStart baseUrl={baseUrl} />
        <EndpointTable />
      </Flex>
    </div>
  );
}

export default DocPage;
