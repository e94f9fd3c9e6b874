import { Role } from '@gateway/shared';

/** Role needed to list, read, test channels and query their balances. */
export const channelReadRole = Role.admin;

/** Role needed to create, edit, delete channels and see their keys: root, as in the console. */
export const channelWriteRole = Role.root;
