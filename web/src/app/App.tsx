import { RouterProvider } from 'react-router-dom';
import i18n from '../i18n';
import { configureApi } from '../lib/api';
import { notify } from '../lib/notify';
import { AppProviders } from './providers/AppProviders';
import { router } from './router';

configureApi({
  notifyError: notify.error,
  onUnauthorized: () => void router.navigate('/login?expired=true'),
  language: () => i18n.language,
  translate: (key, params) => i18n.t(key, { ns: 'common', ...params }),
});

/** The console: providers around the router. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
