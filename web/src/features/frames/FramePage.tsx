import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/common/PageHeader';
import { navTitle } from '../../components/layout/nav-items';

/** Route path of each frame, for its title. */
const framePaths: Record<string, string> = {
  channel: '/channel',
  channelAdd: '/channel/add',
  channelEdit: '/channel/edit/:id',
  token: '/token',
  redemption: '/redemption',
  topup: '/topup',
  order: '/order',
  invoice: '/invoice',
  log: '/log',
  detail: '/detail',
  midjourney: '/midjourney',
  task: '/task',
  chat: '/chat',
  oauthGithub: '/oauth/github',
  oauthLinuxdo: '/oauth/linuxdo',
  limits: '/limits',
  uptime: '/uptime',
  guide: '/guide',
  playground: '/playground',
  pricing: '/pricing',
  doc: '/doc',
  agent: '/agent',
};

/** The frame of a page a later release completes: its title and what it is for, nothing else. */
export function FramePage({ name }: { name: string }) {
  const { t } = useTranslation('layout');
  return (
    <div data-testid={`frame-${name}`}>
      <PageHeader title={t(navTitle(framePaths[name] ?? ''))} description={t(`frames.${name}`)} />
    </div>
  );
}
