import { Card, Checkbox, Col, Flex, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServedChannelType } from '@gateway/shared';
import type { ChannelFormValues } from '../lib/channel-form';
import { azureDefaultVersion, azureType } from '../lib/channel-types';
import { baseUrlRule, isServed } from '../lib/type-options';
import { KeyField } from './KeyField';
import { TypeSelect } from './TypeSelect';

/** Type, name, address (Azure endpoint and API version), key and proxy. */
export function BasicsSection({
  editing,
  served,
  servedLoading,
  onReveal,
  revealing,
}: {
  editing: boolean;
  /** The types the relay serves; undefined while loading. */
  served: readonly ServedChannelType[] | undefined;
  servedLoading: boolean;
  onReveal?: () => void;
  revealing?: boolean;
}) {
  const { t } = useTranslation('channel');
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? 1;
  const batch = Form.useWatch('batch', form) ?? false;
  const azure = type === azureType;
  const { required, defaultUrl } = baseUrlRule(served, type);
  const unserved = !isServed(served, type);
  return (
    <Card size="small" title={t('form.sections.basics')}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="type"
            label={t('form.type')}
            rules={[
              { required: true },
              {
                validator: (_, v: number) =>
                  isServed(served, v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('form.typeNotServed'))),
              },
            ]}
            validateStatus={unserved ? 'warning' : undefined}
            help={unserved ? t('form.typeNotServed') : undefined}
          >
            <TypeSelect served={served} loading={servedLoading} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('form.name')}
            rules={[
              { required: true, whitespace: true, message: t('form.nameRequired') },
              { max: 128 },
            ]}
          >
            <Input placeholder={t('form.namePlaceholder')} data-testid="channel-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={azure ? 12 : 24}>
          <Form.Item
            name="base_url"
            label={azure ? t('form.azureEndpoint') : t('form.baseUrl')}
            extra={required ? undefined : t('form.baseUrlHint')}
            rules={[
              { required, message: t('form.baseUrlRequired') },
              { pattern: /^https?:\/\/\S+$/, message: t('form.baseUrlInvalid') },
            ]}
          >
            <Input
              placeholder={
                azure
                  ? 'https://your-resource.openai.azure.com'
                  : defaultUrl || 'https://api.example.com'
              }
              data-testid="channel-base-url"
            />
          </Form.Item>
        </Col>
        {azure && (
          <Col xs={24} md={12}>
            <Form.Item
              name="other"
              label={t('form.apiVersion')}
              extra={t('form.apiVersionHint', { version: azureDefaultVersion })}
            >
              <Input placeholder={azureDefaultVersion} />
            </Form.Item>
          </Col>
        )}
        {!editing && (
          <Col span={24}>
            <Flex wrap align="flex-end">
              <Form.Item
                name="batch"
                valuePropName="checked"
                label={t('form.batch')}
                tooltip={t('form.batchHint')}
              >
                <Switch data-testid="channel-batch" />
              </Form.Item>
              {batch && (
                <Form.Item
                  name="keyPrefixInName"
                  valuePropName="checked"
                  label=" "
                  colon={false}
                  style={{ marginInlineStart: 16 }}
                >
                  <Checkbox>{t('form.keyPrefixInName')}</Checkbox>
                </Form.Item>
              )}
            </Flex>
          </Col>
        )}
        <Col span={24}>
          <Form.Item
            name="key"
            label={batch ? t('form.keysBatch') : t('form.key')}
            rules={
              editing ? [] : [{ required: true, whitespace: true, message: t('form.keyRequired') }]
            }
          >
            <KeyField batch={batch} editing={editing} onReveal={onReveal} revealing={revealing} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="proxy"
            label={t('form.proxy')}
            extra={t('form.proxyHint')}
            rules={[{ pattern: /^(https?|socks5h?):\/\/\S+$/, message: t('form.proxyInvalid') }]}
          >
            <Input placeholder="http://127.0.0.1:7890" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
