import { Card, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkJsonObject, type JsonKind } from '../lib/json-text';
import { JsonField } from './JsonField';

/** Groups, tag, priority, weight, automatic disabling, state, and the advanced JSON settings. */
export function RoutingSection({ groups }: { groups: string[] }) {
  const { t } = useTranslation('channel');
  const json = (kind: JsonKind) => ({
    validator: (_: unknown, v: string) => {
      const problem = checkJsonObject(v ?? '', kind);
      return problem ? Promise.reject(new Error(t(`json.${problem}`))) : Promise.resolve();
    },
  });
  return (
    <Card size="small" title={t('form.sections.routing')}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="groups" label={t('form.groups')} extra={t('form.groupsHint')}>
            <Select
              mode="tags"
              options={[...new Set(['default', ...groups])].map((g) => ({ value: g, label: g }))}
              data-testid="channel-groups"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tag" label={t('form.tag')} rules={[{ max: 64 }]}>
            <Input placeholder={t('form.tagPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="priority" label={t('form.priority')} tooltip={t('form.priorityHint')}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="weight" label={t('form.weight')} tooltip={t('form.weightHint')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="auto_ban"
            label={t('form.autoBan')}
            valuePropName="checked"
            tooltip={t('form.autoBanHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="max_concurrency"
            label={t('form.maxConcurrency')}
            tooltip={t('form.maxConcurrencyHint')}
          >
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="max_rpm" label={t('form.maxRpm')} tooltip={t('form.maxRpmHint')}>
            <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('form.remark')} rules={[{ max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="setting"
            label={t('form.setting')}
            extra={t('form.settingHint')}
            rules={[json('object')]}
          >
            <JsonField example={'{\n  "organization": "org-…"\n}'} testId="channel-setting" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="status_code_mapping"
            label={t('form.statusCodeMapping')}
            extra={t('form.statusCodeMappingHint')}
            rules={[json('statusCodes')]}
          >
            <JsonField example={'{\n  "400": "500"\n}'} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
