import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/common/PageSpinner';
import { AuthCard } from '../auth';
import { useSetupState } from '../../site/hooks/use-setup-state';
import { useSiteInfo } from '../../site/hooks/use-status';
import { SetupForm } from './components/SetupForm';
import { WelcomeGreeting } from './components/WelcomeGreeting';

/** `/welcome`: the first-run page until root exists, then a greeting. */
export function WelcomePage() {
  const { t } = useTranslation('auth');
  const { systemName } = useSiteInfo();
  const setup = useSetupState();
  if (setup.loading) return <PageSpinner />;
  return setup.done ? (
    <AuthCard title={t('welcome.title', { name: systemName })}>
      <WelcomeGreeting />
    </AuthCard>
  ) : (
    <AuthCard title={t('setup.title')} width={460}>
      <SetupForm />
    </AuthCard>
  );
}
