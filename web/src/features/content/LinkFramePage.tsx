import { useTranslation } from 'react-i18next';
import { FramePage } from '../../components/ui/FramePage';
import { useStatus } from '../status/hooks/useStatus';

/** /chat and /doc: the configured address embedded full-size; the frame when none is set. */
export default function LinkFramePage({ name }: { name: 'chat' | 'doc' }) {
  const { t } = useTranslation();
  const { status } = useStatus();
  const link = name === 'chat' ? status?.chat_link : status?.api_doc_link;
  if (!link) return <FramePage name={name} />;
  return (
    <iframe
      src={link}
      title={t(`nav.${name}`)}
      style={{ width: '100%', height: 'calc(100vh - 60px)', border: 'none', display: 'block' }}
    />
  );
}
