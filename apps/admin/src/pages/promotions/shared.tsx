import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { currentLocale } from '../../lib/locale';

/** One GET of a small list (a tenant's offers, coupons, missions ...), reloaded after each act. */
export function useLoaded<T>(path: string) {
  const { message } = App.useApp();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    api<T>(path)
      .then(setData)
      .catch((e) => message.error(errorText(e)))
      .finally(() => setLoading(false));
  }, [path, message]);
  useEffect(() => reload(), [reload]);
  return { data, loading, reload };
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Puts the server's per-field messages under the form's fields; true when there were any. */
export function showFieldErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  const fields = Object.entries(e.errors).map(([name, errors]) => ({ name, errors }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}

/** Reais typed in the form to the API's centavos (undefined stays undefined). */
export const cents = (reais: number | null | undefined) =>
  reais === null || reais === undefined ? undefined : Math.round(reais * 100);

/** A name kept in both languages, in the console's. */
export const nameOf = (o: { name_pt: string; name_en: string }) => (currentLocale() === 'en' ? o.name_en : o.name_pt);
