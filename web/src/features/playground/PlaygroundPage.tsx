import { LoginOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Col, Collapse, Flex, Result, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/common/PageHeader';
import { readJson, writeJson } from '../../lib/storage';
import { useIsMobile } from '../../lib/use-media';
import { useUser } from '../../lib/user-store';
import { useUserGroups } from '../token';
import { useUserModels } from '../token';
import { Composer } from './components/Composer';
import { MessageList } from './components/MessageList';
import { SettingsPanel } from './components/SettingsPanel';
import { useChatSession, type ChatSettings } from './hooks/use-chat-session';

const settingsKey = 'playground-settings';
const defaults: ChatSettings = {
  model: '',
  group: '',
  temperature: 0.7,
  maxTokens: null,
  system: '',
  stream: true,
};

/** /playground: chat with any model the user may use, billed through the session. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const user = useUser();
  const mobile = useIsMobile();
  const models = useUserModels(!!user);
  const groups = useUserGroups(!!user);
  const session = useChatSession();
  const [settings, setSettings] = useState<ChatSettings>(() => ({
    ...defaults,
    ...readJson<Partial<ChatSettings>>(settingsKey),
  }));
  const available = models.data ?? [];
  const model = available.includes(settings.model) ? settings.model : (available[0] ?? '');
  const effective = { ...settings, model };
  const change = (next: ChatSettings) => {
    setSettings(next);
    writeJson(settingsKey, next);
  };

  if (!user) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        <Card>
          <Result
            status="info"
            title={t('signIn')}
            extra={
              <Link to="/login?redirect=%2Fplayground">
                <Button type="primary" icon={<LoginOutlined />}>
                  {t('signInButton')}
                </Button>
              </Link>
            }
          />
        </Card>
      </>
    );
  }

  const panel = (
    <SettingsPanel
      value={effective}
      onChange={change}
      models={available}
      modelsLoading={models.isLoading}
      groups={groups.data}
    />
  );
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={7}>
          {mobile ? (
            <Collapse
              items={[
                {
                  key: 's',
                  label: (
                    <span>
                      <SettingOutlined /> {t('settings.title')}
                    </span>
                  ),
                  children: panel,
                },
              ]}
            />
          ) : (
            <Card size="small" title={t('settings.title')}>
              {panel}
            </Card>
          )}
        </Col>
        <Col xs={24} lg={17}>
          <Card size="small" styles={{ body: { padding: 12 } }}>
            <Flex
              vertical
              gap={12}
              style={{
                height: mobile ? 'calc(100vh - 260px)' : 'calc(100vh - 230px)',
                minHeight: 420,
              }}
            >
              <MessageList turns={session.turns} />
              <Composer
                busy={session.busy}
                disabled={!model}
                onSend={(text) => void session.send(text, effective, session.turns)}
                onStop={session.stop}
                onClear={session.clear}
              />
            </Flex>
          </Card>
        </Col>
      </Row>
    </>
  );
}

export default PlaygroundPage;
