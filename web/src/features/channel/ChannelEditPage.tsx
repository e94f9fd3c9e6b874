import { ArrowLeftOutlined } from '@ant-design/icons';
import { Role, hasRole } from '@gateway/shared';
import { Alert, App, Button, Flex, Form, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/common/PageHeader';
import { PageSpinner } from '../../components/common/PageSpinner';
import { useUser } from '../../lib/user-store';
import {
  createChannels,
  fetchSavedChannelModels,
  fetchUpstreamModels,
  revealChannelKey,
  updateChannel,
} from './api';
import { BasicsSection } from './components/BasicsSection';
import { ModelsSection } from './components/ModelsSection';
import { RoutingSection } from './components/RoutingSection';
import { useChannel } from './hooks/use-channel';
import { useGroupNames } from './hooks/use-group-names';
import { useModelsByType } from './hooks/use-models-by-type';
import { useServedTypes } from './hooks/use-served-types';
import {
  keyLines,
  toChannelForm,
  toChannelInput,
  toChannelUpdate,
  type ChannelFormValues,
} from './lib/channel-form';
import { useQueryClient } from '@tanstack/react-query';

/** /channel/add and /channel/edit/:id: the channel editor. */
export function ChannelEditPage() {
  const { t } = useTranslation('channel');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const editing = id !== undefined;
  const user = useUser();
  const channel = useChannel(id);
  const catalogue = useModelsByType();
  const served = useServedTypes();
  const groups = useGroupNames();
  const [form] = Form.useForm<ChannelFormValues>();
  const [saving, setSaving] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [revealing, setRevealing] = useState(false);

  useEffect(() => {
    if (!editing) form.setFieldsValue(toChannelForm());
    else if (channel.data) form.setFieldsValue(toChannelForm(channel.data));
  }, [editing, channel.data, form]);

  const addModels = (found: string[]) => {
    const current: string[] = form.getFieldValue('models') ?? [];
    const merged = [...new Set([...current, ...found])];
    form.setFieldValue('models', merged);
    void form.validateFields(['models']).catch(() => undefined);
    return merged.length - current.length;
  };

  const fetchModels = async () => {
    const v = form.getFieldsValue(true) as ChannelFormValues;
    const key = keyLines(v.key ?? '')[0];
    setFetching(true);
    try {
      const found =
        !key && editing && id
          ? await fetchSavedChannelModels(id)
          : key
            ? await fetchUpstreamModels({
                type: v.type,
                base_url: (v.base_url ?? '').trim(),
                key,
                other: v.other ?? '',
              })
            : null;
      if (!found) return void message.warning(t('form.fetchNeedsKey'));
      void message.success(t('form.fetched', { count: found.length, added: addModels(found) }));
    } catch {
      // The API client has shown the reason.
    } finally {
      setFetching(false);
    }
  };

  const fillCommon = () => {
    const type = form.getFieldValue('type') as number;
    const known = catalogue.data?.[String(type)] ?? [];
    if (known.length === 0) return void message.info(t('form.noCommonModels'));
    void message.success(t('form.filled', { added: addModels(known) }));
  };

  const reveal = async () => {
    if (!id) return;
    setRevealing(true);
    try {
      const { key } = await revealChannelKey(id);
      form.setFieldValue('key', key);
    } finally {
      setRevealing(false);
    }
  };

  const submit = async () => {
    const values = {
      ...form.getFieldsValue(true),
      ...(await form.validateFields()),
    } as ChannelFormValues;
    setSaving(true);
    try {
      if (editing && id && channel.data) {
        await updateChannel(toChannelUpdate(id, values, channel.data));
        void message.success(t('form.saved'));
      } else {
        const batch = values.batch && keyLines(values.key).length > 1;
        const ids = await createChannels({
          mode: batch ? 'batch' : 'single',
          batch_add_set_key_prefix_2_name: batch && values.keyPrefixInName,
          channel: toChannelInput(values),
        });
        void message.success(t('form.created', { count: ids.length }));
      }
      void client.invalidateQueries({ queryKey: ['channels'] });
      void navigate('/channel');
    } catch {
      // Shown by the API client; the form stays as typed.
    } finally {
      setSaving(false);
    }
  };

  if (editing && channel.isPending) return <PageSpinner />;
  return (
    <>
      <PageHeader
        title={
          editing ? t('form.editTitle', { name: channel.data?.name ?? '' }) : t('form.addTitle')
        }
        description={t('form.description')}
        extra={
          <Link to="/channel">
            <Button icon={<ArrowLeftOutlined />}>{t('common:actions.back')}</Button>
          </Link>
        }
      />
      {editing && channel.isError && <Alert type="error" showIcon title={channel.error.message} />}
      {!hasRole(user?.role ?? 0, Role.root) && (
        <Alert type="warning" showIcon title={t('form.rootOnly')} />
      )}
      <Form form={form} layout="vertical" data-testid="channel-form" onFinish={() => void submit()}>
        <Flex vertical gap={16}>
          <BasicsSection
            editing={editing}
            served={served.data}
            servedLoading={served.isLoading}
            onReveal={() => void reveal()}
            revealing={revealing}
          />
          <ModelsSection
            fetching={fetching}
            onFetch={() => void fetchModels()}
            onFill={fillCommon}
          />
          <RoutingSection groups={groups.data ?? []} />
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="channel-submit">
              {editing ? t('common:actions.save') : t('form.create')}
            </Button>
            <Link to="/channel">
              <Button>{t('common:actions.cancel')}</Button>
            </Link>
          </Space>
        </Flex>
      </Form>
    </>
  );
}

export default ChannelEditPage;
