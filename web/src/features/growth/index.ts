/** What other features may use of this one; everything else is internal. */
export { CheckinCard } from './components/CheckinCard';
export { InvitationCard } from './components/InvitationCard';
export { RebateRecords } from './components/RebateRecords';
