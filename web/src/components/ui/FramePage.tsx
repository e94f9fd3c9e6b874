import { useTranslation } from 'react-i18next';
import { PageCard } from './PageCard';

/** The frame of a page whose content arrives with a later feature: its title and purpose. */
export function FramePage({ name }: { name: string }) {
  const { t } = useTranslation();
  return <PageCard title={t(`nav.${name}`)} description={t(`pageInfo.${name}`)} />;
}
