import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toast-store';
import type { UiColor } from '../../../shared/ui/types';
import { cancelDocument, type Doc, type DocType, uploadDocument, useDocuments } from '../api/documents';
import { errorText } from '../lib';

const TYPES: DocType[] = ['id_front', 'id_back', 'selfie', 'proof_of_address'];
const MAX = 10 * 1024 * 1024;
const COLOR: Record<string, UiColor> = {
  none: 'muted',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

/** 'Verificar conta': the KYC documents, their review status, upload and cancel. */
export function DocumentsPanel() {
  const t = useT();
  const q = useDocuments();
  const overall = q.data?.status ?? 'none';
  return (
    <div className="wl-stack">
      <div className="wl-docs__head">
        <Badge color={COLOR[overall]} variant="pastel" data-testid="kyc-status">
          {t(`wallet.docs.overall.${overall}`)}
        </Badge>
        <p className="wl-note">{t('wallet.docs.intro')}</p>
      </div>
      {TYPES.map((type) => (
        <DocRow key={type} type={type} doc={q.data?.documents.find((d) => d.type === type) ?? null} />
      ))}
    </div>
  );
}

function DocRow({ type, doc }: { type: DocType; doc: Doc | null }) {
  const t = useT();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const status = doc?.status ?? 'none';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX) return toast.error(t('wallet.docs.tooBig'));
    setBusy(true);
    try {
      await uploadDocument(type, file);
      toast.success(t('wallet.docs.uploaded'));
      await qc.invalidateQueries({ queryKey: ['documents'] });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onCancel = async () => {
    if (!doc) return;
    setBusy(true);
    try {
      await cancelDocument(doc.id);
      await qc.invalidateQueries({ queryKey: ['documents'] });
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wl-doc" data-testid={`doc-${type}`}>
      <div className="wl-doc__info">
        <strong>{t(`wallet.docs.types.${type}`)}</strong>
        <Badge color={COLOR[status]} variant="pastel">
          {t(`wallet.docs.status.${status}`)}
        </Badge>
        {doc?.status === 'rejected' && doc.reject_reason && (
          <span className="wl-note wl-note--danger">{t('wallet.docs.reason', { reason: doc.reject_reason })}</span>
        )}
      </div>
      <div className="wl-doc__actions">
        {status === 'pending' && (
          <Button size="sm" variant="outline" color="default" onClick={onCancel} disabled={busy}>
            {t('wallet.docs.cancel')}
          </Button>
        )}
        {status !== 'approved' && (
          <>
            <input
              ref={input}
              type="file"
              hidden
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(e) => onFile(e.target.files?.[0])}
              data-testid={`file-${type}`}
            />
            <Button size="sm" loading={busy} onClick={() => input.current?.click()}>
              {status === 'none' || status === 'cancelled' ? t('wallet.docs.upload') : t('wallet.docs.replace')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
