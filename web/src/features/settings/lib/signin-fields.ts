import type { SectionDef } from './setting-fields';

/** Labels of these settings live in the `signin` namespace. */
const ns = 'signin';

/** The sign-in and e-mail settings of `/setting` (general tab), after the login switches. */
export const signInSections: SectionDef[] = [
  {
    id: 'email',
    ns,
    fields: [
      { key: 'EmailDomainRestrictionEnabled', kind: 'switch', ns },
      { key: 'EmailAliasRestrictionEnabled', kind: 'switch', ns },
      { key: 'EmailDomainWhitelist', kind: 'text', ns },
      { key: 'EmailCodeTTLMinutes', kind: 'number', min: 1, ns },
      { key: 'ResetLinkTTLMinutes', kind: 'number', min: 1, ns },
    ],
  },
  {
    id: 'smtp',
    ns,
    fields: [
      { key: 'SMTPSSLEnabled', kind: 'switch', ns },
      { key: 'SMTPForceAuthLogin', kind: 'switch', ns },
      { key: 'SMTPVerifyCertificate', kind: 'switch', ns },
      { key: 'SMTPServer', kind: 'text', ns },
      { key: 'SMTPPort', kind: 'number', min: 1, ns },
      { key: 'SMTPAccount', kind: 'text', ns },
      { key: 'SMTPToken', kind: 'text', secret: true, ns },
      { key: 'SMTPFrom', kind: 'text', ns },
    ],
  },
  {
    id: 'signinMore',
    ns,
    fields: [
      { key: 'LinuxDOMinimumTrustLevel', kind: 'number', min: 0, ns },
      { key: 'WxPusherAppToken', kind: 'text', secret: true, ns },
      { key: 'WxPusherBaseUrl', kind: 'text', ns },
      { key: 'GitHubOAuthBaseUrl', kind: 'text', ns },
      { key: 'GitHubApiBaseUrl', kind: 'text', ns },
      { key: 'LinuxDOAuthorizeEndpoint', kind: 'text', ns },
      { key: 'LinuxDOTokenEndpoint', kind: 'text', ns },
      { key: 'LinuxDOUserEndpoint', kind: 'text', ns },
      { key: 'TurnstileVerifyUrl', kind: 'text', ns },
    ],
  },
];
