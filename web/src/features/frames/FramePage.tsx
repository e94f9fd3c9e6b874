import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';

/** The frame of a page a later release completes: its title and what it is for, nothing else. */
export function FramePage({ name, title }: { name: string; title: string }) {
  const { t } = useTranslation('layout');
  return (
    <div data-testid={`frame-${name}`}>
      <PageHeader title={t(title)} description={t(`frames.${name}`)} />
    </div>
  );
}
