import { useCan, useTranslate } from '@refinedev/core';
import type { AdminTenantPage, AdminTenantPagesReply } from '@sorte/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Collapse,
  ColorPicker,
  Form,
  Input,
  Row,
  Segmented,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { type Settings, TENANT_PATHS, useTenant } from './api';
import { AA, contrast } from './contrast';

type Colors = Settings['colors'];
type Banner = Record<string, unknown> & { id: string; title: string; alt: string; image: string };

const MAIN = [
  'primary',
  'primary_text',
  'secondary',
  'secondary_text',
  'success',
  'warning',
  'danger',
  'info',
] as const;
const PALETTE = ['background', 'surface', 'surface_alt', 'text', 'text_muted', 'border'] as const;
const VAR: Record<string, string> = {
  background: '--c-bg',
  surface: '--c-surface',
  surface_alt: '--c-surface-alt',
  text: '--c-text',
  text_muted: '--c-text-muted',
  border: '--c-border',
};

/**
 * The draft colours written into the preview's page as CSS variables (the same ones the server inlines). The
 * preview is the player site in a same-origin frame: the draft lives only in this browser until it is saved.
 */
function applyDraft(frame: HTMLIFrameElement | null, colors: Colors, logo: string, savedLogo: string) {
  const doc = frame?.contentDocument;
  if (!doc?.documentElement) return;
  const root = doc.documentElement;
  for (const k of MAIN) root.style.setProperty(`--c-${k.replace('_', '-')}`, colors[k] ?? null);
  const mode = root.dataset.theme === 'light' ? colors.light : colors.dark;
  for (const k of PALETTE) root.style.setProperty(VAR[k]!, mode[k] ?? null);
  for (const img of doc.querySelectorAll<HTMLImageElement>('img')) {
    if (img.dataset.savedSrc === undefined && img.getAttribute('src') === savedLogo) img.dataset.savedSrc = savedLogo;
    if (img.dataset.savedSrc !== undefined) img.src = logo || savedLogo;
  }
}

/** Pairs of text on background that must pass WCAG AA; each failing one is a warning (saving stays possible). */
function contrastIssues(c: Colors) {
  const pairs: [string, string, string][] = [
    ['primary', c.primary_text!, c.primary!],
    ['secondary', c.secondary_text!, c.secondary!],
    ['dark', c.dark.text!, c.dark.background!],
    ['dark_surface', c.dark.text!, c.dark.surface!],
    ['light', c.light.text!, c.light.background!],
    ['light_surface', c.light.text!, c.light.surface!],
  ];
  return pairs
    .map(([key, fg, bg]) => ({ key, ratio: contrast(fg, bg) }))
    .filter((p) => p.ratio < AA)
    .map((p) => ({ ...p, ratio: Math.round(p.ratio * 100) / 100 }));
}

function Swatch({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <Typography.Text>{label}</Typography.Text>
      <ColorPicker
        aria-label={label}
        value={value}
        disabledAlpha
        showText
        onChange={(c) => onChange(c.toHexString().slice(0, 7))}
      />
    </Space>
  );
}

/**
 * The player site asks a visitor's age before anything else; in this staff member's browser the preview answers it
 * once, so the frame shows the site instead of the question (the same key the site itself keeps).
 */
function skipAgeQuestion() {
  try {
    if (!localStorage.getItem('ageVerified')) localStorage.setItem('ageVerified', 'true');
  } catch {
    // A browser that keeps nothing shows the question in the frame: the colours still apply.
  }
}

export function ThemePage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const { tenant, error, save } = useTenant();
  const canEdit = useCan({ resource: 'tenant-theme', action: 'update' }).data?.can ?? false;
  const [colors, setColors] = useState<Colors | null>(null);
  const [logo, setLogo] = useState('');
  const [logoLight, setLogoLight] = useState('');
  const [banners, setBanners] = useState<Banner[]>([]);
  const [busy, setBusy] = useState(false);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [previewLang, setPreviewLang] = useState<'pt' | 'en'>('pt');
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(skipAgeQuestion, []);

  useEffect(() => {
    if (!tenant) return;
    const s = tenant.settings as Settings;
    setColors(structuredClone(s.colors));
    setLogo(String(s.logo ?? ''));
    setLogoLight(String(s.logo_light ?? ''));
    setBanners(structuredClone((s.banners ?? []) as Banner[]));
  }, [tenant]);

  const savedLogo = String((tenant?.settings as Settings | undefined)?.logo ?? '');
  const paint = useCallback(() => {
    if (colors) applyDraft(frame.current, colors, logo, savedLogo);
  }, [colors, logo, savedLogo]);
  useEffect(() => {
    paint();
    // The player site draws its header after its code loads: paint again as it settles.
    const id = setInterval(paint, 1000);
    return () => clearInterval(id);
  }, [paint]);

  if (error) return <Alert type="error" message={error} />;
  if (!tenant || !colors) return <Card loading />;

  const setMain = (k: string, v: string) => setColors({ ...colors, [k]: v } as Colors);
  const setMode = (mode: 'dark' | 'light', k: string, v: string) =>
    setColors({ ...colors, [mode]: { ...colors[mode], [k]: v } } as Colors);
  const issues = contrastIssues(colors);
  const setBanner = (i: number, k: string, v: string | null) =>
    setBanners(banners.map((b, j) => (j === i ? { ...b, [k]: v } : b)));

  const onSave = async () => {
    setBusy(true);
    try {
      await save({ settings: { colors, logo, logo_light: logoLight || null, banners } });
      message.success(t('tenant.theme.saved'));
      frame.current?.contentWindow?.location.reload();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const colorsTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      {MAIN.map((k) => (
        <Swatch key={k} label={t(`tenant.theme.colors.${k}`)} value={colors[k]!} onChange={(v) => setMain(k, v)} />
      ))}
      {(['dark', 'light'] as const).map((mode) => (
        <Collapse
          key={mode}
          size="small"
          items={[
            {
              key: mode,
              label: t(`tenant.theme.modes.${mode}`),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {PALETTE.map((k) => (
                    <Swatch
                      key={k}
                      label={t(`tenant.theme.colors.${k}`)}
                      value={colors[mode][k]!}
                      onChange={(v) => setMode(mode, k, v)}
                    />
                  ))}
                </Space>
              ),
            },
          ]}
        />
      ))}
    </Space>
  );

  const brandTab = (
    <Form layout="vertical" disabled={!canEdit}>
      <Form.Item label={t('tenant.theme.logo')} extra={t('tenant.theme.urlHelp')}>
        <Input value={logo} onChange={(e) => setLogo(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('tenant.theme.logoLight')}>
        <Input value={logoLight} onChange={(e) => setLogoLight(e.target.value)} />
      </Form.Item>
      {logo && (
        <div style={{ background: colors.dark.background, padding: 12, borderRadius: 6, marginBottom: 16 }}>
          <img src={logo} alt={t('tenant.theme.logo')} style={{ maxHeight: 40, maxWidth: '100%' }} />
        </div>
      )}
      <Typography.Title level={5}>{t('tenant.theme.banners')}</Typography.Title>
      <Collapse
        size="small"
        items={banners.map((b, i) => ({
          key: b.id,
          label: `${b.title || b.id}`,
          extra: canEdit ? (
            <Button size="small" danger onClick={() => setBanners(banners.filter((_, j) => j !== i))}>
              {t('tenant.theme.remove')}
            </Button>
          ) : null,
          children: (
            <Row gutter={8}>
              {(
                [
                  ['title', 'title_en'],
                  ['alt', 'alt_en'],
                  ['image', 'image_en'],
                  ['image_mobile', 'image_mobile_en'],
                ] as const
              ).map(([ptKey, enKey]) => (
                <Col span={24} key={ptKey}>
                  <Row gutter={8}>
                    <Col xs={24} sm={12}>
                      <Form.Item label={t(`tenant.theme.banner.${ptKey}`)}>
                        <Input
                          value={String(b[ptKey] ?? '')}
                          onChange={(e) =>
                            setBanner(i, ptKey, e.target.value || (ptKey === 'image_mobile' ? null : ''))
                          }
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item label={t(`tenant.theme.banner.${enKey}`)}>
                        <Input
                          value={String(b[enKey] ?? '')}
                          onChange={(e) => setBanner(i, enKey, e.target.value || null)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Col>
              ))}
              <Col span={24}>
                <Form.Item label={t('tenant.theme.banner.link')}>
                  <Input value={String(b.link ?? '')} onChange={(e) => setBanner(i, 'link', e.target.value || null)} />
                </Form.Item>
              </Col>
            </Row>
          ),
        }))}
      />
      {canEdit && (
        <Button
          style={{ marginTop: 8 }}
          onClick={() =>
            setBanners([
              ...banners,
              { id: `banner-${Date.now().toString(36)}`, title: '', alt: '', image: '/static/default/logo.svg' },
            ])
          }
        >
          {t('tenant.theme.addBanner')}
        </Button>
      )}
    </Form>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <Card
          title={t('tenant.theme.title')}
          extra={
            canEdit && (
              <Button type="primary" loading={busy} onClick={onSave}>
                {t('tenant.theme.save')}
              </Button>
            )
          }
        >
          {issues.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('tenant.theme.contrastTitle')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {issues.map((i) => (
                    <li key={i.key}>{t(`tenant.theme.contrast.${i.key}`, { ratio: i.ratio })}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Tabs
            items={[
              { key: 'colors', label: t('tenant.theme.tabs.colors'), children: colorsTab },
              { key: 'brand', label: t('tenant.theme.tabs.brand'), children: brandTab },
              { key: 'legal', label: t('tenant.theme.tabs.legal'), children: <LegalPages canEdit={canEdit} /> },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card
          title={t('tenant.theme.preview')}
          extra={
            <Space wrap>
              <Segmented
                value={previewLang}
                onChange={(v) => setPreviewLang(v as 'pt' | 'en')}
                options={[
                  { value: 'pt', label: 'PT' },
                  { value: 'en', label: 'EN' },
                ]}
              />
              <Segmented
                value={device}
                onChange={(v) => setDevice(v as 'desktop' | 'mobile')}
                options={[
                  { value: 'desktop', label: t('tenant.theme.desktop') },
                  { value: 'mobile', label: t('tenant.theme.mobile') },
                ]}
              />
            </Space>
          }
        >
          <Typography.Paragraph type="secondary">{t('tenant.theme.previewHelp')}</Typography.Paragraph>
          <div style={{ display: 'flex', justifyContent: 'center', background: '#f0f2f5', padding: 8 }}>
            <iframe
              ref={frame}
              title={t('tenant.theme.preview')}
              data-testid="theme-preview"
              src={previewLang === 'en' ? '/en' : '/'}
              onLoad={paint}
              style={{
                width: device === 'mobile' ? 390 : '100%',
                height: 640,
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                background: '#fff',
              }}
            />
          </div>
        </Card>
      </Col>
    </Row>
  );
}

/** The legal pages in pt and en: each saved on its own (Markdown, as the site renders it). */
function LegalPages({ canEdit }: { canEdit: boolean }) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [pages, setPages] = useState<AdminTenantPage[] | null>(null);
  useEffect(() => {
    api<AdminTenantPagesReply>(TENANT_PATHS.pages)
      .then((r) => setPages(r.pages))
      .catch((e) => message.error(e instanceof Error ? e.message : String(e)));
  }, [message]);
  if (!pages) return <Card loading bordered={false} />;
  const edit = (p: AdminTenantPage, k: 'title' | 'body', v: string) =>
    setPages(pages.map((x) => (x.slug === p.slug && x.locale === p.locale ? { ...x, [k]: v } : x)));
  return (
    <Tabs
      size="small"
      items={pages.map((p) => ({
        key: `${p.slug}-${p.locale}`,
        label: `${t(`tenant.theme.pages.${p.slug}`)} (${p.locale.toUpperCase()})`,
        children: (
          <Form layout="vertical" disabled={!canEdit}>
            <Form.Item label={t('tenant.theme.pageTitle')}>
              <Input value={p.title} maxLength={200} onChange={(e) => edit(p, 'title', e.target.value)} />
            </Form.Item>
            <Form.Item label={t('tenant.theme.pageBody')}>
              <Input.TextArea value={p.body} rows={10} onChange={(e) => edit(p, 'body', e.target.value)} />
            </Form.Item>
            {canEdit && (
              <Button
                onClick={async () => {
                  try {
                    await api(TENANT_PATHS.page(p.slug, p.locale), {
                      method: 'PUT',
                      body: { title: p.title, body: p.body },
                    });
                    message.success(t('tenant.theme.pageSaved'));
                  } catch (e) {
                    message.error(e instanceof Error ? e.message : String(e));
                  }
                }}
              >
                {t('tenant.theme.savePage')}
              </Button>
            )}
          </Form>
        ),
      }))}
    />
  );
}
