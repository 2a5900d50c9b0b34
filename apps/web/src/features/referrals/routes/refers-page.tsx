import '../locales/register';
import type { AffiliatesReply, Referral, ReferralState } from '@sorte/contracts';
import { useState } from 'react';
import { formatLongDate } from '../../../shared/lib/dates';
import { type TFunction, useLocale, useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { UiColor } from '../../../shared/ui/types';
import { useAffiliates } from '../api/get-affiliates';
import { canShare, copyText, referralLink, whatsappLink } from '../lib/share';
import '../referrals.css';

const FRIENDS = (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path
      d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M19 8v6M22 11h-6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const STATUS_COLOR: Record<ReferralState, UiColor> = {
  registered: 'info',
  qualifying: 'warning',
  review: 'primary',
  paid: 'success',
  rejected: 'danger',
};

/** /refers ('Indique um amigo e ganhe'): the player's link to share, how the CPA is earned, totals and friends. */
export default function RefersPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useAffiliates(page);
  const r = q.data;
  return (
    <Page data-testid="refers-page">
      <PageHead icon={FRIENDS} tone="success" title={t('refer.title')} intro={t('refer.intro')} />
      {q.isError && !r ? (
        <Panel>
          <div className="rf-failed" role="alert">
            <p>{t('refer.loadError')}</p>
            <Button size="sm" variant="outline" color="default" onClick={() => void q.refetch()}>
              {t('refer.retry')}
            </Button>
          </div>
        </Panel>
      ) : !r ? (
        <Panel>
          <Skeleton variant="text" lines={6} height={36} />
        </Panel>
      ) : (
        <>
          {!r.program.active && (
            <p className="rf-off" role="status" data-testid="refers-off">
              {t('refer.off')}
            </p>
          )}
          <div className="rf-grid">
            <ShareLink code={r.referral_code} />
            <HowItWorks program={r.program} />
          </div>
          <Totals totals={r.totals} />
          <Friends reply={r} onPage={setPage} busy={q.isFetching} />
        </>
      )}
    </Page>
  );
}

function ShareLink({ code }: { code: string }) {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const link = referralLink(window.location.origin, code, locale);
  const text = t('refer.link.shareText', { site: config.site.name });
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => setCopied((await copyText(link)) ? 'ok' : 'failed');
  const share = () => navigator.share({ title: t('refer.title'), text, url: link }).catch(() => {});
  return (
    <Panel title={t('refer.link.title')} titleId="rf-link-title" className="rf-link">
      <label className="rf-link__label" htmlFor="rf-link">
        {t('refer.link.label')}
      </label>
      <input
        id="rf-link"
        className="rf-link__input"
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="refers-link"
      />
      <p className="rf-muted">{t('refer.link.code', { code })}</p>
      <div className="rf-link__actions">
        <Button size="md" color="primary" onClick={() => void copy()} data-testid="refers-copy">
          {t('refer.link.copy')}
        </Button>
        {canShare() && (
          <Button size="md" variant="outline" color="default" onClick={() => void share()}>
            {t('refer.link.share')}
          </Button>
        )}
        <Button
          size="md"
          variant="outline"
          color="success"
          href={whatsappLink(text, link)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="refers-whatsapp"
        >
          {t('refer.link.whatsapp')}
        </Button>
      </div>
      <p className="rf-copied" role="status" aria-live="polite">
        {copied === 'ok' ? t('refer.link.copied') : copied === 'failed' ? t('refer.link.copyFailed') : ''}
      </p>
    </Panel>
  );
}

function conditionText(t: TFunction, p: AffiliatesReply['program']) {
  const deposit = p.min_deposit ? formatMoney(p.min_deposit) : null;
  const wager = p.min_wager ? formatMoney(p.min_wager) : null;
  if (deposit && wager) return t('refer.how.step2Deposit', { deposit, wager });
  if (deposit) return t('refer.how.step2DepositOnly', { deposit });
  if (wager) return t('refer.how.step2Wager', { wager });
  return null;
}

function HowItWorks({ program }: { program: AffiliatesReply['program'] }) {
  const t = useT();
  const config = useSiteConfig();
  const condition = conditionText(t, program);
  const cpa = formatMoney(program.cpa_value);
  return (
    <Panel title={t('refer.how.title')} titleId="rf-how-title" data-testid="refers-how">
      <ol className="rf-steps">
        <li>{t('refer.how.step1')}</li>
        <li>
          {t('refer.how.step2')}
          {condition && <> {condition}</>}
        </li>
        <li>
          {program.review_days > 0
            ? t('refer.how.step3', { cpa, days: program.review_days })
            : t('refer.how.step3Now', { cpa })}
        </li>
      </ol>
      <p className="rf-muted">{t('refer.how.rules')}</p>
      {config.is_regulated && <p className="rf-muted">{t('refer.how.regulated')}</p>}
    </Panel>
  );
}

function Totals({ totals }: { totals: AffiliatesReply['totals'] }) {
  const t = useT();
  const items = [
    ['earned', totals.earned],
    ['pending', totals.pending],
    ['paid', totals.paid],
  ] as const;
  return (
    <Panel title={t('refer.totals.title')} titleId="rf-totals-title">
      <dl className="rf-totals" data-testid="refers-totals">
        {items.map(([key, value]) => (
          <div key={key} className={`rf-totals__item rf-totals__item--${key}`}>
            <dt>{t(`refer.totals.${key}`)}</dt>
            <dd>{formatMoney(value)}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function Friends({ reply, onPage, busy }: { reply: AffiliatesReply; onPage: (p: number) => void; busy: boolean }) {
  const t = useT();
  return (
    <Panel title={t('refer.list.title')} titleId="rf-list-title">
      {reply.data.length === 0 ? (
        <p className="rf-muted" data-testid="refers-empty">
          {t('refer.list.empty')}
        </p>
      ) : (
        <ul className="rf-list" data-testid="refers-list" aria-busy={busy}>
          {reply.data.map((f) => (
            <FriendRow key={f.id} f={f} minWager={reply.program.min_wager} />
          ))}
        </ul>
      )}
      {reply.last_page > 1 && (
        <nav className="rf-pages" aria-label={t('refer.list.nav')}>
          <Button
            size="sm"
            variant="outline"
            color="default"
            disabled={reply.current_page <= 1}
            onClick={() => onPage(reply.current_page - 1)}
          >
            {t('refer.list.previous')}
          </Button>
          <span>{t('refer.list.page', { page: reply.current_page, last: reply.last_page })}</span>
          <Button
            size="sm"
            variant="outline"
            color="default"
            disabled={reply.current_page >= reply.last_page}
            onClick={() => onPage(reply.current_page + 1)}
          >
            {t('refer.list.next')}
          </Button>
        </nav>
      )}
    </Panel>
  );
}

function FriendRow({ f, minWager }: { f: Referral; minWager: number }) {
  const t = useT();
  const locale = useLocale();
  const open = f.status === 'registered' || f.status === 'qualifying';
  return (
    <li className="rf-friend">
      <div className="rf-friend__who">
        <span className="rf-friend__name">{f.name}</span>
        <span className="rf-muted">{t('refer.list.joined', { date: formatLongDate(f.joined_at, locale) })}</span>
      </div>
      <div className="rf-friend__state">
        <Badge size="sm" color={STATUS_COLOR[f.status]}>
          {t(`refer.status.${f.status}`)}
        </Badge>
        {open && (
          <span className="rf-muted">
            {f.deposited ? t('refer.list.depositDone') : t('refer.list.depositPending')}
            {minWager > 0 &&
              ` · ${t('refer.list.wagered', { done: formatMoney(f.wagered), required: formatMoney(minWager) })}`}
          </span>
        )}
        {f.status === 'review' && f.review_until && (
          <span className="rf-muted">
            {t('refer.list.reviewUntil', { date: formatLongDate(f.review_until, locale) })}
          </span>
        )}
        {f.status === 'paid' && f.paid_at && (
          <span className="rf-muted">{t('refer.list.paidAt', { date: formatLongDate(f.paid_at, locale) })}</span>
        )}
      </div>
      <div className="rf-friend__earn">
        <span className="rf-muted">{t('refer.list.earnings')}</span>
        <strong>{formatMoney(f.earnings)}</strong>
      </div>
    </li>
  );
}
