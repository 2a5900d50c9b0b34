import { useInvalidateAuthStore, useSetLocale, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/header';
import { authProvider } from '../lib/providers';

type Fields = { email: string; password: string; code: string };

/** E-mail, password and the authenticator's code (or a backup code); the server's message shows as it comes. */
export function LoginPage() {
  const t = useTranslate();
  const setLocale = useSetLocale();
  const [backup, setBackup] = useState(false);
  const [form] = Form.useForm<Fields>();
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuthStore();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  // The provider is called directly rather than through refine's useLogin, which would add a toast to the message
  // shown here and re-check the session while the form is still on screen (clearing what was typed).
  const submit = async (f: Fields) => {
    setMessage(null);
    setPending(true);
    const code = f.code.trim();
    const r = await authProvider.login({
      email: f.email.trim(),
      password: f.password,
      ...(backup ? { backup_code: code } : { totp: code }),
    });
    setPending(false);
    if (!r.success) {
      setMessage(r.error?.message ?? t('errors.load'));
      form.setFieldValue('code', '');
      return;
    }
    await invalidateAuth();
    navigate('/', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: 8 }}>
          <div>
            <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('login.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
          </div>
          <LanguageSwitch onChange={(l) => setLocale(l)} label={t('app.language')} />
        </div>
        {message && <Alert role="alert" type="error" showIcon message={message} style={{ marginTop: 16 }} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} style={{ marginTop: 16 }}>
          <Form.Item name="email" label={t('login.email')} rules={[{ required: true, message: t('login.required') }]}>
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="code"
            label={backup ? t('login.backup') : t('login.totp')}
            rules={[
              { required: true, message: t('login.required') },
              ...(backup ? [] : [{ pattern: /^\s*\d{6}\s*$/, message: t('login.sixDigits') }]),
            ]}
          >
            <Input inputMode={backup ? 'text' : 'numeric'} autoComplete="one-time-code" maxLength={backup ? 40 : 6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('login.submit')}
          </Button>
          <Button
            type="link"
            block
            style={{ marginTop: 8 }}
            onClick={() => {
              setBackup(!backup);
              form.setFieldValue('code', '');
            }}
          >
            {backup ? t('login.useTotp') : t('login.useBackup')}
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}
