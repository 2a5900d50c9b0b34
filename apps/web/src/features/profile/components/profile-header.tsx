import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatLongDate } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { updateSessionUser } from '../../../shared/lib/session';
import { Badge } from '../../../shared/ui/badge';
import { Spinner } from '../../../shared/ui/spinner';
import { toast } from '../../../shared/ui/toast-store';
import { uploadAvatar } from '../api/mutations';
import type { ProfileUser } from '../api/profile';
import { errorText } from './bits';

const MAX_BYTES = 2 * 1024 * 1024;

/** Avatar (click to upload), name, level and member-since line. */
export function ProfileHeader({ user }: { user: ProfileUser }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast.error(t('profile.avatar.tooBig'));
      return;
    }
    setBusy(true);
    try {
      const res = await uploadAvatar(file);
      qc.setQueryData(['profile'], res.user);
      updateSessionUser(res.user);
      toast.success(t('profile.avatar.done'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const initials = `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase();
  return (
    <div className="pf-head">
      <button
        type="button"
        className="pf-avatar"
        onClick={() => input.current?.click()}
        aria-label={t('profile.avatar.change')}
        title={t('profile.avatar.hint')}
        disabled={busy}
      >
        {user.avatar ? <img src={user.avatar} alt="" /> : <span>{initials}</span>}
        <span className="pf-avatar__edit" aria-hidden="true">
          {busy ? (
            <Spinner size="xs" />
          ) : (
            <svg viewBox="0 0 24 24" width="16" height="16">
              <path d="M4 20h4L19 9l-4-4L4 16v4z" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          )}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        data-testid="avatar-input"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <div className="pf-head__text">
        <h1>{user.name}</h1>
        <div className="pf-head__meta">
          <Badge color="primary">{t('profile.level', { level: user.level })}</Badge>
          <span>{t('profile.memberSince', { date: formatLongDate(user.created_at, locale) })}</span>
        </div>
        <p className="pf-muted">{t('profile.avatar.hint')}</p>
      </div>
    </div>
  );
}
