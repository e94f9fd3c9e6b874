import { Flex } from 'antd';
import type { SectionDef } from '../lib/setting-fields';
import { SettingSection } from './SettingSection';

/** Secrets are never listed; every other field shows only when the server knows its key. */
const available = (options: Record<string, string>) => (section: SectionDef) => ({
  ...section,
  fields: section.fields.filter((f) => f.secret || f.key in options),
});

/** The sections of one tab, leaving out settings this server does not have. */
export function SettingTab({
  sections,
  options,
}: {
  sections: SectionDef[];
  options: Record<string, string>;
}) {
  const shown = sections.map(available(options)).filter((s) => s.fields.length > 0);
  return (
    <Flex vertical gap={16}>
      {shown.map((section) => (
        <SettingSection key={section.id} section={section} options={options} />
      ))}
    </Flex>
  );
}
