import '../locales/register';
import { formatLongDate } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { useSession } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import './auth.css';

/** Shown to a visitor whose login was refused for self-exclusion: the period and where to find help. */
export default function SelfExclusionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const excluded = useSession((s) => s.selfExcluded);
  const fmt = (iso: string) => formatLongDate(new Date(iso), locale);
  return (
    <Modal open={open} onClose={onClose} title={t('auth.selfExclusion.title')} size="sm" className="auth-modal">
      <div className="auth-form" data-testid="self-exclusion">
        {excluded && (
          <p className="auth-sub">
            {t('auth.selfExclusion.text', { start: fmt(excluded.start_at), end: fmt(excluded.end_at) })}
          </p>
        )}
        <p className="auth-note">{t('auth.selfExclusion.help')}</p>
        <Button block size="lg" onClick={onClose}>
          {t('auth.selfExclusion.ok')}
        </Button>
      </div>
    </Modal>
  );
}
