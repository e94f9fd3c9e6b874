import { CloudDownloadOutlined } from '@ant-design/icons';
import type { EditTagRequest } from '@gateway/shared';
import { Alert, App, Button, Col, Flex, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTagModels } from '../api';
import { checkJsonObject } from '../lib/json-text';
import { toEditTagRequest, type TagEditValues } from '../lib/tag-edit';
import { JsonField } from './JsonField';

/**
 * Edits the common fields of every channel with a tag: a new tag name, priority, weight,
 * models, groups and model mapping. Fields left empty keep each channel's own value.
 */
export function EditTagDialog({
  tag,
  groups,
  saving,
  onCancel,
  onSubmit,
}: {
  /** The tag being edited; null when the dialog is closed. */
  tag: string | null;
  groups: string[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (body: EditTagRequest) => void;
}) {
  const { t } = useTranslation('channel');
  const { message } = App.useApp();
  const [form] = Form.useForm<TagEditValues>();
  const [loadingModels, setLoadingModels] = useState(false);

  const loadModels = async () => {
    if (!tag) return;
    setLoadingModels(true);
    try {
      const models = (await fetchTagModels(tag)).split(',').filter(Boolean);
      form.setFieldValue('models', models);
      void message.success(t('editTag.modelsLoaded', { count: models.length }));
    } catch {
      // The API client has shown the reason.
    } finally {
      setLoadingModels(false);
    }
  };

  const submit = async () => {
    if (!tag) return;
    const body = toEditTagRequest(tag, await form.validateFields());
    if (!body) return void message.warning(t('editTag.nothing'));
    onSubmit(body);
  };

  return (
    <Modal
      open={tag !== null}
      title={t('editTag.title', { tag: tag ?? '' })}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common:actions.save')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('editTag.intro')} />
        <Form form={form} layout="vertical" preserve={false}>
          <Row gutter={12}>
            <Col span={24}>
              <Form.Item name="new_tag" label={t('editTag.newTag')} rules={[{ max: 64 }]}>
                <Input
                  allowClear
                  maxLength={64}
                  placeholder={t('editTag.newTagPlaceholder', { tag: tag ?? '' })}
                  data-testid="edit-tag-name"
                />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item
                name="priority"
                label={t('form.priority')}
                tooltip={t('form.priorityHint')}
              >
                <InputNumber
                  precision={0}
                  placeholder={t('editTag.keep')}
                  style={{ width: '100%' }}
                  data-testid="edit-tag-priority"
                />
              </Form.Item>
            </Col>
            <Col xs={12}>
              <Form.Item name="weight" label={t('form.weight')} tooltip={t('form.weightHint')}>
                <InputNumber
                  min={0}
                  precision={0}
                  placeholder={t('editTag.keep')}
                  style={{ width: '100%' }}
                  data-testid="edit-tag-weight"
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('form.models')} extra={t('editTag.modelsHint')}>
                <Flex vertical gap={6}>
                  <Form.Item name="models" noStyle>
                    <Select
                      mode="tags"
                      tokenSeparators={[',', '\n', ' ']}
                      placeholder={t('editTag.keepModels')}
                      maxTagCount={30}
                      open={false}
                      suffixIcon={null}
                      style={{ width: '100%' }}
                      data-testid="edit-tag-models"
                    />
                  </Form.Item>
                  <Button
                    size="small"
                    icon={<CloudDownloadOutlined />}
                    loading={loadingModels}
                    onClick={() => void loadModels()}
                    style={{ width: 'fit-content' }}
                    data-testid="edit-tag-load-models"
                  >
                    {t('editTag.loadModels')}
                  </Button>
                </Flex>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="groups" label={t('form.groups')} extra={t('editTag.groupsHint')}>
                <Select
                  mode="tags"
                  placeholder={t('editTag.keepGroups')}
                  options={[...new Set(['default', ...groups])].map((g) => ({
                    value: g,
                    label: g,
                  }))}
                  data-testid="edit-tag-groups"
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="model_mapping"
                label={t('form.modelMapping')}
                extra={t('form.modelMappingHint')}
                rules={[
                  {
                    validator: (_, v?: string) => {
                      const problem = checkJsonObject(v ?? '', 'mapping');
                      return problem
                        ? Promise.reject(new Error(t(`json.${problem}`)))
                        : Promise.resolve();
                    },
                  },
                ]}
              >
                <JsonField
                  example={'{\n  "gpt-4o": "gpt-4o-2024-11-20"\n}'}
                  placeholder={t('editTag.keepMapping')}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Flex>
    </Modal>
  );
}
