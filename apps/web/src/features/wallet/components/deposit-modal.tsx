import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useRulesForm } from '../../../shared/lib/form';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useSiteConfig } from '../../../shared/lib/site-config';
import { applyBalance, useBalance } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { Confetti } from '../../../shared/ui/confetti';
import { Field, Input } from '../../../shared/ui/field';
import { Modal } from '../../../shared/ui/modal';
import { toast } from '../../../shared/ui/toast-store';
import { type ChargeStatus, consultPix, createPix, type PixCharge } from '../api/deposit';
import { amountRule, centsToField, errorText, msgOf, parseBrl } from '../lib';
import '../locales';
import { closeDeposit, useDepositModal } from '../../../shared/lib/deposit-modal';
import { Slot } from '../../../shared/lib/slots';
import './wallet.css';

const POLL_MS = 3_000;

/** The `code` of a refused call (limit_deposit, rg_limits_required ...), or null. */
const errorCode = (err: unknown): string | null => {
  const code = err instanceof HttpError ? (err.body as { code?: unknown } | null)?.code : null;
  return typeof code === 'string' ? code : null;
};

function useCountdown(until: string | null) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  const left = until ? Math.max(0, Math.floor((Date.parse(until) - now) / 1000)) : 0;
  return { left, text: `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}` };
}

/** The deposit modal: amount (chips + field), then the PIX QR code and "copia e cola" until it is paid. */
export default function DepositModal() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const qc = useQueryClient();
  const chips = config.deposit_popup_values;
  const form = useRulesForm({ amount: centsToField(chips[1] ?? chips[0] ?? config.min_deposit) }, () => ({
    amount: [
      amountRule,
      (v) => {
        const cents = parseBrl(String(v)) ?? 0;
        if (cents < config.min_deposit)
          return msgOf('wallet.depositModal.min', { min: formatMoney(config.min_deposit) });
        if (cents > config.max_deposit)
          return msgOf('wallet.depositModal.max', { max: formatMoney(config.max_deposit) });
        return null;
      },
    ],
  }));
  const text = form.values.amount;
  const error = form.errors.amount ?? null;
  const [busy, setBusy] = useState(false);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  // The error code of a refused charge: responsible gaming links a reached limit to its page.
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const [status, setStatus] = useState<ChargeStatus | null>(null);
  // The coupon that went with the charge: once paid, its bonus is on /bonus.
  const [sentCoupon, setSentCoupon] = useState<string | null>(null);
  const amountId = useId();
  const countdown = useCountdown(charge && !status?.expired ? charge.expires_at : null);
  const paid = status?.status === 'paid';
  const expired = !paid && (status?.expired || (charge !== null && countdown.left === 0));

  // PaymentApproved over realtime: confirm this charge now (the server re-checks with the PSP) and show the success
  // state, rather than waiting for the next poll.
  const approvedTxid = useDepositModal((s) => s.approvedTxid);
  const welcome = useDepositModal((s) => s.welcome);
  // The coupon the modal was opened with, and the coupon field's settle function (slot wallet.depositCoupon).
  const openedCoupon = useDepositModal((s) => s.coupon);
  const settleCoupon = useRef<(() => Promise<string | null | false>) | null>(null);
  const bindCoupon = useCallback((settle: () => Promise<string | null | false>) => {
    settleCoupon.current = settle;
  }, []);
  const balance = useBalance();
  useEffect(() => {
    if (!charge || paid || approvedTxid !== charge.txid) return;
    const ctrl = new AbortController();
    consultPix(charge.txid, ctrl.signal).then(
      (s) => {
        setStatus(s);
        if (s.status === 'paid') void applyBalance(qc, s);
      },
      () => {},
    );
    return () => ctrl.abort();
  }, [approvedTxid, charge, paid, qc]);

  // Poll as well: realtime may be down, and the server confirms with the PSP on each call.
  useEffect(() => {
    if (!charge || paid || status?.status === 'refunded' || status?.expired) return;
    const ctrl = new AbortController();
    const id = setInterval(async () => {
      try {
        const s = await consultPix(charge.txid, ctrl.signal);
        setStatus(s);
        if (s.status === 'paid') void applyBalance(qc, s);
      } catch {
        // A failed poll is retried on the next tick.
      }
    }, POLL_MS);
    return () => {
      clearInterval(id);
      ctrl.abort();
    };
  }, [charge, paid, status?.status, status?.expired, qc]);

  const generate = form.submit(async (values) => {
    const amount = parseBrl(values.amount);
    if (amount === null) return;
    setBusy(true);
    setRefusedCode(null);
    try {
      // A typed coupon is checked first; a refused one stops here with its reason shown under the field.
      const coupon = settleCoupon.current ? await settleCoupon.current() : null;
      if (coupon === false) return;
      setStatus(null);
      setCharge(await createPix(amount, coupon));
      setSentCoupon(coupon);
    } catch (err) {
      form.setFieldError('amount', errorText(err));
      setRefusedCode(errorCode(err));
    } finally {
      setBusy(false);
    }
  });

  const copy = async () => {
    if (!charge) return;
    try {
      await navigator.clipboard.writeText(charge.qrcode);
      toast.success(t('wallet.depositModal.copied'));
    } catch {
      toast.error(t('wallet.depositModal.copyFailed'));
    }
  };

  return (
    <Modal open onClose={closeDeposit} title={t('wallet.depositModal.title')} size="sm" className="wl-deposit">
      {paid && charge ? (
        <div className="wl-deposit__done" data-testid="deposit-paid">
          <Confetti fire={1} contained />
          <div className="wl-deposit__check" aria-hidden="true">
            ✓
          </div>
          <h3>{t('wallet.depositModal.paidTitle')}</h3>
          <p>{t('wallet.depositModal.paidText', { amount: formatMoney(charge.amount) })}</p>
          {sentCoupon && isLivePath('/bonus') && (
            <Button
              block
              variant="outline"
              color="default"
              to={localizePath('/bonus', locale)}
              onClick={closeDeposit}
              data-testid="deposit-see-bonus"
            >
              {t('wallet.depositModal.seeBonus', { code: sentCoupon })}
            </Button>
          )}
          <Button block onClick={closeDeposit}>
            {t('wallet.depositModal.close')}
          </Button>
        </div>
      ) : charge ? (
        <div className="wl-deposit__pix">
          <p className="wl-deposit__amount">{formatMoney(charge.amount)}</p>
          {status?.status === 'refunded' ? (
            <p className="wl-note wl-note--danger">{t('wallet.depositModal.refunded')}</p>
          ) : expired ? (
            <>
              <p className="wl-note wl-note--danger">{t('wallet.depositModal.expired')}</p>
              <Button block onClick={() => setCharge(null)}>
                {t('wallet.depositModal.newPix')}
              </Button>
            </>
          ) : (
            <>
              <p className="wl-deposit__scan">{t('wallet.depositModal.scan')}</p>
              <img className="wl-deposit__qr" src={charge.qrcode_image} alt="QR Code PIX" width={220} height={220} />
              <label className="wl-deposit__label" htmlFor={`${amountId}-code`}>
                {t('wallet.depositModal.copyPaste')}
              </label>
              <textarea
                id={`${amountId}-code`}
                className="wl-deposit__code"
                readOnly
                value={charge.qrcode}
                rows={3}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="pix-code"
              />
              <Button block onClick={copy} data-testid="copy-pix">
                {t('wallet.depositModal.copy')}
              </Button>
              <div className="wl-deposit__status" aria-live="polite">
                <span className="wl-spinner-dot" aria-hidden="true" />
                {t('wallet.depositModal.waiting')}
                <strong data-testid="pix-countdown">
                  {t('wallet.depositModal.expiresIn', { time: countdown.text })}
                </strong>
              </div>
              <p className="wl-note">{t('wallet.depositModal.ownCpf')}</p>
            </>
          )}
        </div>
      ) : (
        <Slot name="wallet.depositGate">
          {welcome && (
            <div className="wl-deposit__welcome" data-testid="deposit-welcome">
              <strong>{t('wallet.depositModal.welcomeTitle')}</strong>
              <span>{t('wallet.depositModal.welcomeText')}</span>
            </div>
          )}
          <form className="wl-deposit__form" onSubmit={(e) => void generate(e)}>
            <p className="wl-deposit__balance">
              {t('wallet.depositModal.balance')}:{' '}
              <strong className="wl-deposit__balance-value">{balance === null ? '···' : formatMoney(balance)}</strong>
            </p>
            <div className="wl-chips" role="group" aria-label={t('wallet.depositModal.amount')}>
              {chips.map((v) => (
                <button
                  key={v}
                  type="button"
                  className={`wl-chip ${parseBrl(text) === v ? 'is-active' : ''}`}
                  aria-pressed={parseBrl(text) === v}
                  onClick={() => form.setValue('amount', centsToField(v))}
                >
                  {formatMoney(v)}
                </button>
              ))}
            </div>
            <Field
              label={t('wallet.depositModal.amount')}
              hint={t('wallet.depositModal.range', {
                min: formatMoney(config.min_deposit),
                max: formatMoney(config.max_deposit),
              })}
              error={error ?? undefined}
              id={amountId}
            >
              <Input
                id={amountId}
                inputMode="decimal"
                prefix="R$"
                value={text}
                invalid={Boolean(error)}
                onChange={(e) => form.setValue('amount', e.target.value)}
                data-testid="deposit-amount"
              />
            </Field>
            <Slot name="wallet.depositCoupon" initial={openedCoupon} bind={bindCoupon} />
            {refusedCode && <Slot name="wallet.depositRefused" code={refusedCode} />}
            <Button type="submit" block size="lg" loading={busy} data-testid="generate-pix">
              {t('wallet.depositModal.generate')}
            </Button>
          </form>
        </Slot>
      )}
    </Modal>
  );
}
