/** What other features may use of this one; everything else is internal. */
export { fetchOAuthState, fetchSelf } from './api';
export { AuthCard } from './components/AuthCard';
export { useCountdown } from './hooks/use-countdown';
export { authorizeUrl } from './lib/oauth';
