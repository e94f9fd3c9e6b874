/** What other features may use of this one; everything else is internal. */
export { NotificationsCard } from './components/NotificationsCard';
