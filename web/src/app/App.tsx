import { RouterProvider } from 'react-router-dom';
import i18n from '../i18n';
import { configureApi } from '../lib/api';
import { notify } from '../lib/notify';
import { userStore } from '../lib/user-store';
import { AppProviders } from './providers/AppProviders';
import { router } from './router';

configureApi({
  notifyError: notify.error,
  // Leave the guarded page before forgetting the user, so its guard adds no redirect of its own.
  onUnauthorized: () => {
    void router
      .navigate('/login?expired=true', { flushSync: true })
      .finally(() => userStore.clear());
  },
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
