import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findInvalidIpEntry } from '../../lib/ip-matcher.js';
import { canChooseTokenGroup } from '../../policies/tokens.js';
import { usableGroups } from '../groups/usable-groups.js';

/** The key fields checked beyond their shape. */
export interface CheckedTokenFields {
  group?: string;
  fallback_groups?: string;
  allow_ips?: string;
  deny_ips?: string;
}

/** Refuses a group the user may not use and IP lists with an entry that is not an IP or CIDR. */
export function validateTokenFields(
  ctx: AppContext,
  user: { group: string; level: string },
  fields: CheckedTokenFields,
): void {
  if (fields.group !== undefined) {
    if (!canChooseTokenGroup(fields.group, usableGroups(ctx, user))) {
      throw new AppError('token_group_unusable', { group: fields.group });
    }
  }
  for (const group of fields.fallback_groups?.split(',').filter(Boolean) ?? []) {
    if (!group || !canChooseTokenGroup(group, usableGroups(ctx, user))) {
      throw new AppError('token_group_unusable', { group });
    }
  }
  for (const list of [fields.allow_ips, fields.deny_ips]) {
    const invalid = list === undefined ? undefined : findInvalidIpEntry(list);
    if (invalid !== undefined) throw new AppError('token_ip_invalid', { value: invalid });
  }
}
