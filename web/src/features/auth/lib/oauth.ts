/** Where a third-party sign-in starts: the provider's authorization page. */
export function authorizeUrl(provider: 'github' | 'linuxdo', clientId: string, state: string): string {
  const params = new URLSearchParams({ client_id: clientId });
  if (state) params.set('state', state);
  if (provider === 'github') {
    params.set('scope', 'user:email');
    return `https://github.com/login/oauth/authorize?${params}`;
  }
  params.set('response_type', 'code');
  return `https://connect.linux.do/oauth2/authorize?${params}`;
}
