import { useCan, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Divider, Form, Input, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { ReaisInput } from '../../components/reais-input';
import { type Settings, useTenant } from './api';

const FLAGS = [
  'is_regulated',
  'kyc',
  'hasSports',
  'hasBoxes',
  'cashback',
  'chat_support',
  'registerCPF',
  'login_requires_cpf',
  'disable_18_popup',
] as const;
const MONEY = ['min_deposit', 'max_deposit', 'min_withdrawal', 'max_withdrawal', 'chat_min_wager'] as const;

type Values = Record<string, unknown> & { name: string };

/** The site's configuration: name, feature switches, Betby, limits, time zone and language. */
export function TenantSettingsPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { tenant, error, save } = useTenant();
  const [form] = Form.useForm<Values>();
  const canEdit = useCan({ resource: 'tenant-settings', action: 'update' }).data?.can ?? false;

  useEffect(() => {
    if (!tenant) return;
    const s = tenant.settings as Settings & Record<string, never>;
    const site = s.site as unknown as Record<string, string>;
    const betby = s.betby as unknown as { active: boolean; brand_id: string | null; theme_name: string | null };
    form.setFieldsValue({
      name: tenant.name,
      site_name: site.name,
      site_title: site.title,
      description: site.description,
      description_en: site.description_en ?? '',
      ...Object.fromEntries(FLAGS.map((f) => [f, s[f]])),
      // Money is edited in reais, stored in centavos.
      ...Object.fromEntries(MONEY.map((m) => [m, Number(s[m] ?? 0) / 100])),
      betby_active: betby.active,
      betby_brand: betby.brand_id ?? '',
      timezone: s.timezone,
      default_locale: s.default_locale,
    });
  }, [tenant, form]);

  if (error) return <Alert type="error" message={error} />;

  const onFinish = async (v: Values) => {
    const current = (tenant?.settings ?? {}) as Record<string, unknown>;
    try {
      await save({
        name: v.name,
        settings: {
          site: {
            ...(current.site as object),
            name: v.site_name,
            title: v.site_title,
            description: v.description,
            description_en: v.description_en || null,
          },
          ...Object.fromEntries(FLAGS.map((f) => [f, Boolean(v[f])])),
          ...Object.fromEntries(MONEY.map((m) => [m, Math.round(Number(v[m] ?? 0) * 100)])),
          betby: { ...(current.betby as object), active: Boolean(v.betby_active), brand_id: v.betby_brand || null },
          timezone: v.timezone,
          default_locale: v.default_locale,
        },
      });
      message.success(t('tenant.settings.saved'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card title={t('tenant.settings.title')} loading={!tenant}>
      <Form<Values> form={form} layout="vertical" disabled={!canEdit} onFinish={onFinish}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('tenant.settings.name')} rules={[{ required: true, max: 100 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="site_name" label={t('tenant.settings.siteName')} rules={[{ required: true, max: 60 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="site_title" label={t('tenant.settings.siteTitle')} rules={[{ required: true, max: 120 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="default_locale" label={t('tenant.settings.language')}>
              <Select
                options={[
                  { value: 'pt', label: 'Português' },
                  { value: 'en', label: 'English' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label={t('tenant.settings.description')} rules={[{ max: 300 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description_en" label={t('tenant.settings.descriptionEn')} rules={[{ max: 300 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timezone" label={t('tenant.settings.timezone')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">{t('tenant.settings.features')}</Divider>
        <Row gutter={16}>
          {FLAGS.map((f) => (
            <Col xs={12} md={8} key={f}>
              <Form.Item name={f} label={t(`tenant.settings.flags.${f}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          <Col xs={12} md={8}>
            <Form.Item name="betby_active" label={t('tenant.settings.betby')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="betby_brand" label={t('tenant.settings.betbyBrand')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left">{t('tenant.settings.limits')}</Divider>
        <Row gutter={16}>
          {MONEY.map((m) => (
            <Col xs={12} md={8} key={m}>
              <Form.Item name={m} label={t(`tenant.settings.money.${m}`)}>
                <ReaisInput min={0} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {canEdit && (
          <Button type="primary" htmlType="submit">
            {t('tenant.settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
