import { type ReactNode, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Chip,
  ConfirmModal,
  CreditCard,
  confirm,
  createToastApi,
  createToaster,
  Field,
  type FlexColumn,
  FlexTable,
  Input,
  LanguagePanel,
  LazyImage,
  loadingBar,
  Modal,
  SidePanel,
  Skeleton,
  Spinner,
  sidePanels,
  Tabs,
  TOAST_CONFIGS,
  Toaster,
  toast,
  UI_COLORS,
  UI_ROUNDED,
  UI_SIZES,
  UI_VARIANTS,
  type UiColor,
} from '../../../shared/ui';
import { useLocale, useT } from '../../../shared/ui/i18n-adapter';
import { demoImage } from '../components/demo-images';
import {
  IconArrowRight,
  IconBell,
  IconChat,
  IconEye,
  IconGift,
  IconGlobe,
  IconPlus,
  IconSearch,
  IconTrash,
  IconWallet,
} from '../components/icons';
import '../showcase.css';

// The two other toast configurations of the spec, shown side by side with the app's own queue.
const defaultToaster = createToaster(TOAST_CONFIGS.default);
const alternateToaster = createToaster(TOAST_CONFIGS.alternate);
const defaultToast = createToastApi(defaultToaster);
const alternateToast = createToastApi(alternateToaster);

const SECTIONS = ['buttons', 'badges', 'cards', 'tabs', 'forms', 'feedback', 'images', 'overlays', 'toasts', 'demos'];

export default function NewComponentsPage() {
  const t = useT();
  return (
    <main className="showcase">
      <header className="showcase__hero">
        <p className="showcase__eyebrow">{t('ui.showcase.eyebrow')}</p>
        <h1 className="showcase__title">{t('ui.showcase.title')}</h1>
        <p className="showcase__lead">{t('ui.showcase.lead')}</p>
      </header>
      <nav className="showcase__nav" aria-label={t('ui.showcase.navLabel')}>
        {SECTIONS.map((s) => (
          <a key={s} href={`#${s}`}>
            {t(`ui.showcase.sections.${s}`)}
          </a>
        ))}
      </nav>
      <ButtonsSection />
      <BadgesSection />
      <CardsSection />
      <TabsSection />
      <FormsSection />
      <FeedbackSection />
      <ImagesSection />
      <OverlaysSection />
      <ToastsSection />
      <DemosSection />
      <Toaster toaster={defaultToaster} position="bottom-right" />
      <Toaster toaster={alternateToaster} position="bottom-center" />
    </main>
  );
}

function Section({ id, lead, children }: { id: string; lead?: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="showcase__section" id={id} aria-labelledby={`${id}-title`}>
      <h2 className="showcase__section-title" id={`${id}-title`}>
        {t(`ui.showcase.sections.${id}`)}
      </h2>
      {lead && <p className="showcase__section-lead">{lead}</p>}
      {children}
    </section>
  );
}

function Sub({ children }: { children: ReactNode }) {
  return <h3 className="showcase__sub">{children}</h3>;
}

function ButtonsSection() {
  const t = useT();
  const [loading, setLoading] = useState(false);
  const colorName = (c: UiColor) => t(`ui.showcase.colors.${c}`);
  const runLoading = () => {
    setLoading(true);
    setTimeout(() => setLoading(false), 1800);
  };
  return (
    <Section id="buttons" lead={t('ui.showcase.buttons.lead')}>
      {UI_VARIANTS.map((variant) => (
        <div key={variant}>
          <Sub>{t(`ui.showcase.variants.${variant}`)}</Sub>
          <div className="showcase__matrix">
            {UI_COLORS.map((color) => (
              <Button key={color} color={color} variant={variant} block>
                {colorName(color)}
              </Button>
            ))}
          </div>
        </div>
      ))}

      <Sub>{t('ui.showcase.buttons.sizes')}</Sub>
      <div className="showcase__row">
        {UI_SIZES.map((size) => (
          <Button key={size} size={size}>
            {t(`ui.showcase.sizes.${size}`)}
          </Button>
        ))}
      </div>

      <Sub>{t('ui.showcase.buttons.rounded')}</Sub>
      <div className="showcase__row">
        {UI_ROUNDED.map((r) => (
          <Button key={r} rounded={r} color="info" variant="pastel">
            {t(`ui.showcase.rounded.${r}`)}
          </Button>
        ))}
      </div>

      <Sub>{t('ui.showcase.buttons.states')}</Sub>
      <div className="showcase__row showcase__row--loose">
        <Button loading={loading} onClick={runLoading}>
          {t('ui.showcase.buttons.clickToLoad')}
        </Button>
        <Button loading color="success" variant="pastel">
          {t('ui.showcase.buttons.loading')}
        </Button>
        <Button loading color="warning" variant="outline">
          {t('ui.showcase.buttons.loading')}
        </Button>
        <Button disabled>{t('ui.showcase.buttons.disabled')}</Button>
        <Button color="default" variant="outline" disabled>
          {t('ui.showcase.buttons.disabled')}
        </Button>
      </div>

      <Sub>{t('ui.showcase.buttons.iconsBadges')}</Sub>
      <div className="showcase__row showcase__row--loose">
        <Button icon={<IconWallet />}>{t('ui.showcase.buttons.deposit')}</Button>
        <Button color="default" iconRight={<IconArrowRight />}>
          {t('ui.showcase.buttons.seeMore')}
        </Button>
        <Button
          color="default"
          iconOnly
          icon={<IconBell />}
          aria-label={t('ui.showcase.buttons.notifications')}
          badge={3}
          badgeLabel={t('ui.showcase.buttons.unread', { count: 3 })}
        />
        <Button
          color="muted"
          iconOnly
          rounded="full"
          icon={<IconChat />}
          aria-label={t('ui.showcase.buttons.chat')}
          badge="9+"
          badgePulse
        />
        <Button
          color="warning"
          icon={<IconGift />}
          badge={t('ui.showcase.buttons.new')}
          badgeColor="success"
          badgePulse
        >
          {t('ui.showcase.buttons.boxes')}
        </Button>
        <Button color="info" variant="pastel" size="sm" badge={1}>
          {t('ui.showcase.buttons.missions')}
        </Button>
      </div>

      <Sub>{t('ui.showcase.buttons.links')}</Sub>
      <div className="showcase__row showcase__row--loose">
        <Button to="/animation" variant="outline" iconRight={<IconArrowRight />}>
          {t('ui.showcase.buttons.routerLink')}
        </Button>
        <Button href="#demos" color="light" variant="solid">
          {t('ui.showcase.buttons.anchorLink')}
        </Button>
        <Button to="/" color="muted" disabled>
          {t('ui.showcase.buttons.disabledLink')}
        </Button>
      </div>

      <Sub>{t('ui.showcase.buttons.block')}</Sub>
      <div className="showcase__stack">
        <Button size="xl" block rounded="lg" icon={<IconPlus />}>
          {t('ui.showcase.buttons.depositPix')}
        </Button>
      </div>
    </Section>
  );
}

function BadgesSection() {
  const t = useT();
  const [selected, setSelected] = useState<string[]>(['slots']);
  const [removable, setRemovable] = useState(['pragmatic', 'pgsoft', 'evolution']);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return (
    <Section id="badges" lead={t('ui.showcase.badges.lead')}>
      {(['solid', 'pastel', 'outline'] as const).map((variant) => (
        <div key={variant}>
          <Sub>{t(`ui.showcase.variants.${variant}`)}</Sub>
          <div className="showcase__row">
            {UI_COLORS.map((c) => (
              <Badge key={c} color={c} variant={variant}>
                {t(`ui.showcase.colors.${c}`)}
              </Badge>
            ))}
          </div>
        </div>
      ))}
      <Sub>{t('ui.showcase.badges.dots')}</Sub>
      <div className="showcase__row">
        <Badge color="danger" dot pulse>
          {t('ui.showcase.badges.live')}
        </Badge>
        <Badge color="success" dot>
          {t('ui.showcase.badges.online')}
        </Badge>
        <Badge color="warning" variant="solid" pulse>
          {t('ui.showcase.badges.hot')}
        </Badge>
        <Badge color="info" size="sm">
          {t('ui.showcase.badges.small')}
        </Badge>
      </div>
      <Sub>{t('ui.showcase.badges.chips')}</Sub>
      <div className="showcase__row">
        {['slots', 'live', 'crash', 'table'].map((id) => (
          <Chip key={id} selected={selected.includes(id)} onClick={() => toggle(id)}>
            {t(`ui.showcase.badges.categories.${id}`)}
          </Chip>
        ))}
      </div>
      <div className="showcase__row" style={{ marginTop: 10 }}>
        {removable.map((p) => (
          <Chip
            key={p}
            color="info"
            selected
            onRemove={() => setRemovable((r) => r.filter((x) => x !== p))}
            removeLabel={t('ui.showcase.badges.remove', { name: p })}
          >
            {p}
          </Chip>
        ))}
        {removable.length === 0 && (
          <Button size="sm" variant="pastel" onClick={() => setRemovable(['pragmatic', 'pgsoft', 'evolution'])}>
            {t('ui.showcase.badges.reset')}
          </Button>
        )}
      </div>
    </Section>
  );
}

function CardsSection() {
  const t = useT();
  return (
    <Section id="cards" lead={t('ui.showcase.cards.lead')}>
      <div className="showcase__grid">
        <Card title={t('ui.showcase.cards.default')} subtitle={t('ui.showcase.cards.subtitle')}>
          {t('ui.showcase.cards.body')}
        </Card>
        <Card
          variant="elevated"
          title={t('ui.showcase.cards.elevated')}
          actions={<Badge color="success">{t('ui.showcase.badges.online')}</Badge>}
          footer={
            <Button size="sm" variant="pastel">
              {t('ui.showcase.buttons.seeMore')}
            </Button>
          }
        >
          {t('ui.showcase.cards.body')}
        </Card>
        <Card variant="outline" title={t('ui.showcase.cards.outline')}>
          {t('ui.showcase.cards.body')}
        </Card>
        <Card
          variant="glow"
          interactive
          tabIndex={0}
          title={t('ui.showcase.cards.glow')}
          subtitle={t('ui.showcase.cards.interactive')}
        >
          {t('ui.showcase.cards.body')}
        </Card>
      </div>
    </Section>
  );
}

function TabsSection() {
  const t = useT();
  const items = (['all', 'deposits', 'withdraws'] as const).map((id) => ({
    id,
    label: t(`ui.showcase.tabs.${id}`),
    content: <p className="showcase__muted">{t(`ui.showcase.tabs.content.${id}`)}</p>,
  }));
  return (
    <Section id="tabs" lead={t('ui.showcase.tabs.lead')}>
      <Sub>{t('ui.showcase.tabs.underline')}</Sub>
      <Tabs items={items} aria-label={t('ui.showcase.tabs.underline')} />
      <Sub>{t('ui.showcase.tabs.pills')}</Sub>
      <Tabs
        variant="pills"
        aria-label={t('ui.showcase.tabs.pills')}
        items={[
          { id: 'casino', label: t('ui.showcase.tabs.casino') },
          { id: 'live', label: t('ui.showcase.tabs.live'), badge: 12 },
          { id: 'sports', label: t('ui.showcase.tabs.sports') },
          { id: 'soon', label: t('ui.showcase.tabs.soon'), disabled: true },
        ]}
      />
      <Sub>{t('ui.showcase.tabs.segmented')}</Sub>
      <Tabs variant="segmented" fitted items={items} aria-label={t('ui.showcase.tabs.segmented')} />
    </Section>
  );
}

function FormsSection() {
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  const [amount, setAmount] = useState('');
  const amountError = amount !== '' && Number(amount.replace(',', '.')) < 10 ? t('ui.showcase.forms.minAmount') : null;
  return (
    <Section id="forms" lead={t('ui.showcase.forms.lead')}>
      <div className="showcase__grid showcase__grid--2">
        <Field label={t('ui.showcase.forms.email')} hint={t('ui.showcase.forms.emailHint')} required>
          <Input type="email" placeholder="voce@email.com" autoComplete="email" />
        </Field>
        <Field label={t('ui.showcase.forms.password')}>
          <Input
            type={showPassword ? 'text' : 'password'}
            defaultValue="sorte123"
            suffix={
              <Button
                size="sm"
                color="muted"
                variant="pastel"
                iconOnly
                icon={<IconEye />}
                aria-label={t(showPassword ? 'ui.showcase.forms.hide' : 'ui.showcase.forms.show')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              />
            }
          />
        </Field>
        <Field label={t('ui.showcase.forms.amount')} error={amountError} hint={t('ui.showcase.forms.amountHint')}>
          <Input
            inputMode="decimal"
            prefix="R$"
            placeholder="0,00"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d,]/g, ''))}
          />
        </Field>
        <Field label={t('ui.showcase.forms.search')}>
          <Input size="lg" prefix={<IconSearch />} placeholder={t('ui.showcase.forms.searchPlaceholder')} />
        </Field>
        <Field label={t('ui.showcase.forms.cpf')} error={t('ui.showcase.forms.cpfError')}>
          <Input defaultValue="123.456.789-00" />
        </Field>
        <Field label={t('ui.showcase.forms.disabled')}>
          <Input size="sm" disabled value={t('ui.showcase.forms.disabledValue')} readOnly />
        </Field>
      </div>
    </Section>
  );
}

function FeedbackSection() {
  const t = useT();
  return (
    <Section id="feedback" lead={t('ui.showcase.feedback.lead')}>
      <Sub>{t('ui.showcase.feedback.spinners')}</Sub>
      <div className="showcase__row showcase__row--loose" style={{ color: 'var(--c-primary)' }}>
        <Spinner size="xs" />
        <Spinner size="sm" />
        <Spinner size="md" />
        <Spinner size="lg" />
        <Spinner size="xl" label={t('ui.showcase.feedback.loading')} />
      </div>
      <Sub>{t('ui.showcase.feedback.skeletons')}</Sub>
      <div className="showcase__grid">
        <div className="showcase__skeleton-card">
          <Skeleton variant="circle" width={48} height={48} />
          <Skeleton variant="text" lines={2} />
        </div>
        <div className="showcase__stack">
          <Skeleton height={96} radius={14} />
          <Skeleton variant="text" lines={3} />
        </div>
      </div>
      <Sub>{t('ui.showcase.feedback.loadingBar')}</Sub>
      <div className="showcase__row">
        <Button size="sm" variant="pastel" onClick={() => loadingBar.start()}>
          {t('ui.animation.bar.start')}
        </Button>
        <Button size="sm" variant="pastel" color="success" onClick={() => loadingBar.finish()}>
          {t('ui.animation.bar.finish')}
        </Button>
        <Button size="sm" variant="pastel" color="danger" onClick={() => loadingBar.error()}>
          {t('ui.animation.bar.error')}
        </Button>
      </div>
    </Section>
  );
}

function ImagesSection() {
  const t = useT();
  return (
    <Section id="images" lead={t('ui.showcase.images.lead')}>
      <div className="showcase__grid showcase__grid--tight">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <LazyImage key={i} src={demoImage(i)} alt={t('ui.showcase.images.alt', { n: i + 1 })} aspectRatio="4 / 3" />
        ))}
        <LazyImage src="/__missing-image__.png" alt={t('ui.showcase.images.broken')} aspectRatio="4 / 3" />
      </div>
    </Section>
  );
}

function OverlaysSection() {
  const t = useT();
  const [modal, setModal] = useState<'md' | 'lg' | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [lang, setLang] = useState('pt');

  const askPromise = async () => {
    const ok = await confirm({
      title: t('ui.showcase.overlays.cancelWithdrawTitle'),
      text: t('ui.showcase.overlays.cancelWithdrawText'),
      confirmLabel: t('ui.showcase.overlays.cancelWithdrawConfirm'),
      cancelLabel: t('ui.showcase.overlays.keep'),
      danger: true,
    });
    toast[ok ? 'success' : 'info'](t(ok ? 'ui.showcase.overlays.confirmed' : 'ui.showcase.overlays.cancelled'));
  };

  return (
    <Section id="overlays" lead={t('ui.showcase.overlays.lead')}>
      <Sub>{t('ui.showcase.overlays.modals')}</Sub>
      <div className="showcase__row">
        <Button onClick={() => setModal('md')}>{t('ui.showcase.overlays.openModal')}</Button>
        <Button color="default" onClick={() => setModal('lg')}>
          {t('ui.showcase.overlays.openLarge')}
        </Button>
        <Button color="info" variant="pastel" onClick={() => setConfirmOpen(true)}>
          {t('ui.showcase.overlays.confirmCallbacks')}
        </Button>
        <Button color="danger" variant="outline" icon={<IconTrash />} onClick={askPromise}>
          {t('ui.showcase.overlays.confirmPromise')}
        </Button>
      </div>
      <Sub>{t('ui.showcase.overlays.panels')}</Sub>
      <div className="showcase__row">
        <Button color="default" icon={<IconGlobe />} onClick={() => sidePanels.open('language')}>
          {t('ui.showcase.overlays.language')}
        </Button>
        <Button color="default" icon={<IconBell />} badge={2} onClick={() => sidePanels.open('notifications')}>
          {t('ui.showcase.overlays.notifications')}
        </Button>
        <Button color="default" icon={<IconChat />} onClick={() => sidePanels.toggle('chatglobal')}>
          {t('ui.showcase.overlays.chat')}
        </Button>
      </div>

      <Modal
        open={modal !== null}
        onClose={() => setModal(null)}
        size={modal ?? 'md'}
        title={t('ui.showcase.overlays.modalTitle')}
        footer={
          <>
            <Button color="default" onClick={() => setModal(null)}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button onClick={() => setModal(null)}>{t('ui.showcase.overlays.gotIt')}</Button>
          </>
        }
      >
        <p>{t('ui.showcase.overlays.modalBody')}</p>
        <Field label={t('ui.showcase.forms.email')}>
          <Input type="email" placeholder="voce@email.com" />
        </Field>
        {modal === 'lg' && <p className="showcase__muted">{t('ui.showcase.overlays.modalLong')}</p>}
      </Modal>

      <ConfirmModal
        open={confirmOpen}
        title={t('ui.showcase.overlays.logoutTitle')}
        text={t('ui.showcase.overlays.logoutText')}
        onConfirm={() =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              setConfirmOpen(false);
              toast.success(t('ui.showcase.overlays.confirmed'));
              resolve();
            }, 900),
          )
        }
        onCancel={() => setConfirmOpen(false)}
      />

      <SidePanel name="language" side="right" title={t('ui.showcase.overlays.language')}>
        <LanguagePanel value={lang} onChange={setLang} label={t('ui.showcase.overlays.language')} />
      </SidePanel>
      <SidePanel
        name="notifications"
        side="right"
        title={t('ui.showcase.overlays.notifications')}
        footer={
          <Button block variant="pastel" onClick={() => sidePanels.close()}>
            {t('ui.showcase.overlays.markRead')}
          </Button>
        }
      >
        {[1, 2, 3].map((n) => (
          <div key={n} className="showcase__notif">
            <span className="showcase__notif-dot" aria-hidden="true" />
            <span>{t(`ui.showcase.overlays.notification${n}`)}</span>
          </div>
        ))}
      </SidePanel>
      <SidePanel name="chatglobal" side="left" title={t('ui.showcase.overlays.chat')} width={340}>
        <div className="showcase__chat">
          {(['Ana', 'Pedro', 'Júlia'] as const).map((name, i) => (
            <p key={name} className="showcase__bubble">
              <strong>{name}</strong>
              {t(`ui.showcase.overlays.chat${i + 1}`)}
            </p>
          ))}
        </div>
      </SidePanel>
    </Section>
  );
}

function ToastsSection() {
  const t = useT();
  const kinds = ['success', 'error', 'info', 'warning'] as const;
  const queues = [
    { id: 'app', api: toast, config: TOAST_CONFIGS.app },
    { id: 'default', api: defaultToast, config: TOAST_CONFIGS.default },
    { id: 'alternate', api: alternateToast, config: TOAST_CONFIGS.alternate },
  ] as const;
  return (
    <Section id="toasts" lead={t('ui.showcase.toasts.lead')}>
      <div className="showcase__grid">
        {queues.map((q) => (
          <Card
            key={q.id}
            variant="outline"
            padding="sm"
            title={t(`ui.showcase.toasts.${q.id}`)}
            subtitle={t('ui.showcase.toasts.config', {
              duration: q.config.duration,
              max: q.config.maxVisible,
              dismiss: t(q.config.dismissable ? 'ui.showcase.toasts.dismissable' : 'ui.showcase.toasts.fixed'),
            })}
          >
            <div className="showcase__row">
              {kinds.map((kind, i) => (
                <Button
                  key={kind}
                  size="sm"
                  variant="pastel"
                  color={kind === 'error' ? 'danger' : kind}
                  onClick={() =>
                    q.api[kind](t(`ui.showcase.toasts.messages.${kind}`), {
                      title: i % 2 === 0 ? t(`ui.showcase.toasts.titles.${kind}`) : undefined,
                      dedupeKey: null,
                    })
                  }
                >
                  {t(`ui.showcase.toasts.kinds.${kind}`)}
                </Button>
              ))}
            </div>
          </Card>
        ))}
      </div>
    </Section>
  );
}

type Tx = {
  id: string;
  type: 'deposit' | 'withdraw';
  value: number;
  status: 'paid' | 'pending' | 'cancelled';
  date: Date;
};

const TXS: Tx[] = [
  { id: 'TX-1042', type: 'deposit', value: 15000, status: 'paid', date: new Date(2025, 4, 12, 14, 32) },
  { id: 'TX-1043', type: 'withdraw', value: 8250, status: 'pending', date: new Date(2025, 4, 13, 9, 5) },
  { id: 'TX-1044', type: 'deposit', value: 5000, status: 'cancelled', date: new Date(2025, 4, 14, 21, 47) },
  { id: 'TX-1045', type: 'withdraw', value: 120000, status: 'paid', date: new Date(2025, 4, 15, 18, 20) },
];

const STATUS_COLOR: Record<Tx['status'], UiColor> = { paid: 'success', pending: 'warning', cancelled: 'danger' };

function DemosSection() {
  const t = useT();
  const locale = useLocale();
  const intl = locale === 'en' ? 'en-US' : 'pt-BR';
  const money = new Intl.NumberFormat(intl, { style: 'currency', currency: 'BRL' });
  const date = new Intl.DateTimeFormat(intl, { dateStyle: 'short', timeStyle: 'short' });
  const [rows, setRows] = useState(TXS);
  const [lang, setLang] = useState(locale === 'en' ? 'en' : 'pt');

  const cancel = async (tx: Tx) => {
    const ok = await confirm({
      title: t('ui.showcase.overlays.cancelWithdrawTitle'),
      text: t('ui.showcase.overlays.cancelWithdrawText'),
      confirmLabel: t('ui.showcase.overlays.cancelWithdrawConfirm'),
      cancelLabel: t('ui.showcase.overlays.keep'),
      danger: true,
    });
    if (ok) setRows((r) => r.map((x) => (x.id === tx.id ? { ...x, status: 'cancelled' } : x)));
  };

  const columns: FlexColumn<Tx>[] = [
    {
      key: 'type',
      header: t('ui.showcase.table.type'),
      primary: true,
      render: (r) => t(`ui.showcase.table.${r.type}`),
    },
    {
      key: 'value',
      header: t('ui.showcase.table.value'),
      align: 'end',
      render: (r) => (
        <span className={r.type === 'deposit' ? 'showcase__amount showcase__amount--in' : 'showcase__amount'}>
          {r.type === 'deposit' ? '+' : '−'}
          {money.format(r.value / 100)}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('ui.showcase.table.status'),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} dot size="sm">
          {t(`ui.showcase.table.statuses.${r.status}`)}
        </Badge>
      ),
    },
    { key: 'date', header: t('ui.showcase.table.date'), render: (r) => date.format(r.date) },
    {
      key: 'actions',
      header: t('ui.showcase.table.actions'),
      align: 'end',
      footer: true,
      render: (r) =>
        r.type === 'withdraw' && r.status === 'pending' ? (
          <Button size="sm" color="danger" variant="outline" onClick={() => cancel(r)}>
            {t('ui.showcase.table.cancel')}
          </Button>
        ) : (
          <Button size="sm" color="muted" variant="pastel">
            {t('ui.showcase.table.details')}
          </Button>
        ),
    },
  ];

  return (
    <Section id="demos" lead={t('ui.showcase.demos.lead')}>
      <Sub>{t('ui.showcase.demos.creditCard')}</Sub>
      <div className="showcase__grid showcase__grid--2">
        <CreditCard number="4024 0071 5336 8842" holder="Maria S. Oliveira" expiry="08/29" brand="visa" />
        <CreditCard
          number="5300 1234 9876 1029"
          holder="João P. Santos"
          expiry="11/27"
          brand="mastercard"
          variant="dark"
        />
        <CreditCard
          number="6362 9700 0045 7013"
          holder="Ana Beatriz Lima"
          expiry="03/30"
          brand="elo"
          variant="gold"
          reveal
        />
      </div>
      <Sub>{t('ui.showcase.demos.flexTable')}</Sub>
      <FlexTable
        caption={t('ui.showcase.table.caption')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t('ui.showcase.table.empty')}
      />
      <div className="showcase__row" style={{ marginTop: 12 }}>
        <Button size="sm" color="default" onClick={() => setRows((r) => (r.length ? [] : TXS))}>
          {t(rows.length ? 'ui.showcase.table.clear' : 'ui.showcase.table.restore')}
        </Button>
      </div>
      <Sub>{t('ui.showcase.demos.languagePanel')}</Sub>
      <div className="showcase__grid showcase__grid--2">
        <LanguagePanel value={lang} onChange={setLang} label={t('ui.showcase.overlays.language')} />
        <p className="showcase__muted">{t('ui.showcase.demos.languageNote')}</p>
      </div>
    </Section>
  );
}
