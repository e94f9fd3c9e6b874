/**
 * Whether a user may set `group` on a key: empty (the user's own group) or one of the groups
 * usable by this user.
 */
export const canChooseTokenGroup = (group: string, usable: Readonly<Record<string, string>>) =>
  group === '' || Object.hasOwn(usable, group);
