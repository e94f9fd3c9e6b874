import { Flex, Input, InputNumber, Select, Slider, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupSelect } from '../../token';
import type { UsableGroupMap } from '@gateway/shared';
import type { ChatSettings } from '../hooks/use-chat-session';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Model, group, temperature, max tokens, streaming and the system prompt. */
export function SettingsPanel({
  value,
  onChange,
  models,
  modelsLoading,
  groups,
}: {
  value: ChatSettings;
  onChange: (next: ChatSettings) => void;
  models: string[];
  modelsLoading: boolean;
  groups: UsableGroupMap | undefined;
}) {
  const { t } = useTranslation('playground');
  const set = (patch: Partial<ChatSettings>) => onChange({ ...value, ...patch });
  return (
    <Flex vertical gap={16} data-testid="playground-settings">
      <Field label={t('settings.model')}>
        <Select
          showSearch
          value={value.model || undefined}
          placeholder={t('settings.modelPlaceholder')}
          loading={modelsLoading}
          onChange={(model: string) => set({ model })}
          options={models.map((m) => ({ value: m, label: m }))}
          notFoundContent={t('settings.noModels')}
          data-testid="playground-model"
        />
      </Field>
      <Field label={t('settings.group')}>
        <GroupSelect groups={groups} value={value.group} onChange={(group) => set({ group })} />
      </Field>
      <Field label={t('settings.temperature', { value: value.temperature })}>
        <Slider
          min={0}
          max={2}
          step={0.1}
          value={value.temperature}
          onChange={(temperature: number) => set({ temperature })}
        />
      </Field>
      <Field label={t('settings.maxTokens')}>
        <InputNumber
          min={1}
          max={1_000_000}
          precision={0}
          value={value.maxTokens}
          placeholder={t('settings.maxTokensPlaceholder')}
          onChange={(maxTokens) => set({ maxTokens: maxTokens ?? null })}
          style={{ width: '100%' }}
        />
      </Field>
      <Flex align="center" justify="space-between">
        <Typography.Text strong>{t('settings.stream')}</Typography.Text>
        <Switch checked={value.stream} onChange={(stream) => set({ stream })} />
      </Flex>
      <Field label={t('settings.system')}>
        <Input.TextArea
          value={value.system}
          onChange={(e) => set({ system: e.target.value })}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('settings.systemPlaceholder')}
        />
      </Field>
    </Flex>
  );
}
