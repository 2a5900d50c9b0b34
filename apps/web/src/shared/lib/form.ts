import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useRef } from 'react';
import { type DefaultValues, type FieldValues, type Path, type PathValue, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Schema as Rules, type Values, validateField } from './validation';

/**
 * The field rules as a zod schema: one issue per field, its first failing rule (spec section 5), worded when it
 * runs so a language switch shows at the next check. Rules that compare fields (a confirmation) see every value.
 */
export function rulesSchema(rules: () => Rules) {
  return z.looseObject({}).superRefine((values, ctx) => {
    for (const [field, list] of Object.entries(rules())) {
      const message = validateField(list, field, values as Values);
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

export type FormErrors = Record<string, string | undefined>;

/**
 * react-hook-form with the zod resolver over the field rules: checked on change, first failing rule only, all fields
 * on submit, and server 422 `errors` ({field: [messages]}) set on the fields they name. A change re-checks every field
 * already changed, so a confirmation follows the password it confirms without flagging fields not reached yet.
 */
export function useRulesForm<V extends Values>(defaults: V, rules: () => Rules) {
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  // Built once: the schema reads the current rules, which may depend on state (a channel, the tenant's settings).
  const resolver = useMemo(() => zodResolver(rulesSchema(() => rulesRef.current())), []);
  const form = useForm<FieldValues>({
    defaultValues: defaults as DefaultValues<FieldValues>,
    resolver,
    mode: 'onChange',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
  });
  const touched = useRef(new Set<string>());
  const { setValue: setField, trigger, setError, clearErrors, reset: resetForm, handleSubmit, getValues } = form;
  const values = form.watch() as V;
  const fieldErrors = form.formState.errors;
  const errors: FormErrors = {};
  for (const [name, error] of Object.entries(fieldErrors)) errors[name] = error?.message as string | undefined;

  const setValue = useCallback(
    (name: string, value: string | boolean) => {
      setField(name as Path<FieldValues>, value as PathValue<FieldValues, Path<FieldValues>>, { shouldDirty: true });
      touched.current.add(name);
      void trigger([...touched.current]);
    },
    [setField, trigger],
  );

  /** An onSubmit handler: every field checked, then `onValid` with the values when none fails. */
  const submit = useCallback(
    (onValid: (values: V) => unknown) => (event?: { preventDefault?: () => void }) => {
      for (const field of Object.keys(rulesRef.current())) touched.current.add(field);
      return handleSubmit((v) => onValid(v as V))(event as React.BaseSyntheticEvent | undefined);
    },
    [handleSubmit],
  );

  /** 422 body errors onto the fields; returns the messages of fields the form does not show. */
  const applyServerErrors = useCallback(
    (body: unknown): string[] => {
      const errs = body && typeof body === 'object' && 'errors' in body ? body.errors : null;
      if (!errs || typeof errs !== 'object') return [];
      const known = rulesRef.current();
      const current = getValues();
      const rest: string[] = [];
      for (const [field, list] of Object.entries(errs as Record<string, unknown>)) {
        const message = Array.isArray(list) ? String(list[0] ?? '') : String(list);
        if (field in known || field in current) setError(field, { type: 'server', message });
        else rest.push(message);
      }
      return rest;
    },
    [getValues, setError],
  );

  const reset = useCallback(() => {
    touched.current.clear();
    resetForm();
  }, [resetForm]);

  const clear = useCallback(() => clearErrors(), [clearErrors]);

  /** A failure the server (or a check outside the rules) reports for one field, shown until the next check. */
  const setFieldError = useCallback(
    (name: string, message: string) => setError(name, { type: 'server', message }),
    [setError],
  );

  return { values, errors, setValue, submit, applyServerErrors, setFieldError, reset, clearErrors: clear };
}
