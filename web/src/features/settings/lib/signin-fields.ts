import { field, type SectionDef } from './field-defs';

/** Labels of these settings live in the `signin` namespace. */
const ns = 'signin';

/** The sign-in and e-mail settings of `/setting` (general tab), after the login switches. */
export const signInSections: SectionDef[] = [
  {
    id: 'email',
    ns,
    fields: [
      field('EmailDomainRestrictionEnabled', { ns }),
      field('EmailAliasRestrictionEnabled', { ns }),
      field('EmailDomainWhitelist', { ns }),
      field('EmailCodeTTLMinutes', { ns }),
      field('ResetLinkTTLMinutes', { ns }),
    ],
  },
  {
    id: 'smtp',
    ns,
    fields: [
      field('SMTPSSLEnabled', { ns }),
      field('SMTPForceAuthLogin', { ns }),
      field('SMTPVerifyCertificate', { ns }),
      field('SMTPServer', { ns }),
      field('SMTPPort', { ns }),
      field('SMTPAccount', { ns }),
      field('SMTPToken', { ns }),
      field('SMTPFrom', { ns }),
    ],
  },
  {
    id: 'signinMore',
    ns,
    fields: [
      field('LinuxDOMinimumTrustLevel', { ns }),
      field('WxPusherAppToken', { ns }),
      field('WxPusherBaseUrl', { ns }),
      field('GitHubOAuthBaseUrl', { ns }),
      field('GitHubApiBaseUrl', { ns }),
      field('LinuxDOAuthorizeEndpoint', { ns }),
      field('LinuxDOTokenEndpoint', { ns }),
      field('LinuxDOUserEndpoint', { ns }),
      field('TurnstileVerifyUrl', { ns }),
    ],
  },
];
