import { hasRole, Role } from '@gateway/shared';

/** Role needed to list, read, test channels and query their balances. */
export const channelReadRole = Role.admin;

/** Role needed to create, edit, delete channels and see their keys: root, as in the console. */
export const channelWriteRole = Role.root;

/** Whether the caller may see channels (never their keys). */
export const canReadChannels = (actor: { role: number }) => hasRole(actor.role, channelReadRole);

/** Whether the caller may change channels and reveal their keys. */
export const canWriteChannels = (actor: { role: number }) => hasRole(actor.role, channelWriteRole);
