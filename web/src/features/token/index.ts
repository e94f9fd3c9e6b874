/** What other features may use of this one; everything else is internal. */
export { GroupSelect } from './components/GroupSelect';
export { useUserGroups } from './hooks/use-user-groups';
export { useUserModels } from './hooks/use-user-models';
