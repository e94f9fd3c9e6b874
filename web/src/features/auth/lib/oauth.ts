/** The providers' own authorization pages, used when the status names none. */
const defaultAuthorizeUrls = {
  github: 'https://github.com/login/oauth/authorize',
  linuxdo: 'https://connect.linux.do/oauth2/authorize',
};

/** Where a third-party sign-in starts: the provider's authorization page (`base` from the status). */
export function authorizeUrl(
  provider: 'github' | 'linuxdo',
  clientId: string,
  state: string,
  base?: string,
): string {
  const params = new URLSearchParams({ client_id: clientId });
  if (state) params.set('state', state);
  if (provider === 'github') params.set('scope', 'user:email');
  else params.set('response_type', 'code');
  return `${base || defaultAuthorizeUrls[provider]}?${params}`;
}
