import { hasRole, Role } from '@gateway/shared';
import type { LogView } from '../domain/logs/log-item.js';
import type { RoleHolder } from './users.js';

/** Whether the caller may read every user's logs and usage data (admins and above). */
export const canReadAllLogs = (actor: RoleHolder) => hasRole(actor.role, Role.admin);

/** How logs are shown to the caller: channels and routing details only to admins. */
export const logViewOf = (actor: RoleHolder): LogView => (canReadAllLogs(actor) ? 'admin' : 'user');
