import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { userStore } from '../../lib/user-store';
import { useCompleteSignIn } from './hooks/use-complete-sign-in';
import { completeOAuth, type OAuthProvider } from './oauth-api';

/** Waits before each retry of a network failure, as new-api's console does. */
const retryDelaysMs = [2000, 4000, 6000];

const forwarded = ['code', 'state', 'error', 'error_description'];

/**
 * `/oauth/github` and `/oauth/linuxdo`: the provider sends the browser here with `code` and
 * `state`; the server signs in, signs up, or binds (when signed in). Runs once per visit: the
 * state is single use.
 */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation('signin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const [failure, setFailure] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = Object.fromEntries(
      forwarded.flatMap((k) => (params.has(k) ? [[k, params.get(k) ?? '']] : [])),
    );
    const attempt = async (tries: number): Promise<void> => {
      try {
        const result = await completeOAuth(provider, query);
        if (result.action === 'bind') {
          notify.success(t('oauth.bound', { provider: t(`providers.${provider}`) }));
          navigate('/profile', { replace: true });
        } else {
          await complete(result, null);
        }
      } catch (error) {
        const network = error instanceof ApiError && error.status === null;
        if (network && tries < retryDelaysMs.length) {
          await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[tries]));
          return attempt(tries + 1);
        }
        setFailure(error instanceof Error ? error.message : String(error));
      }
    };
    void attempt(0);
  }, [complete, navigate, params, provider, t]);

  if (!failure) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={16}
        style={{ minHeight: 320 }}
        data-testid="oauth-pending"
      >
        <Spin size="large" />
        <span>{t('oauth.working', { provider: t(`providers.${provider}`) })}</span>
      </Flex>
    );
  }
  const signedIn = userStore.get() !== null;
  return (
    <Result
      status="error"
      title={t('oauth.failed', { provider: t(`providers.${provider}`) })}
      subTitle={failure}
      extra={
        <Link to={signedIn ? '/profile' : '/login'}>
          <Button type="primary">
            {signedIn ? t('oauth.backToProfile') : t('oauth.backToLogin')}
          </Button>
        </Link>
      }
    />
  );
}

/** The GitHub callback page. */
export const GitHubCallbackPage = () => <OAuthCallbackPage provider="github" />;
/** The linux.do callback page. */
export const LinuxDoCallbackPage = () => <OAuthCallbackPage provider="linuxdo" />;
