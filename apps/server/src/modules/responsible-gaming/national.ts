import type { Sql } from '../../platform/db/index';
import * as repo from './repo';

/**
 * The national self-exclusion list (the SPA's centralised platform), consulted by CPF. An operator's real adapter
 * calls the platform's API; the sandbox stand-in answers from a table an operator fills with
 * `npm run ops -- rg:national-add CPF`. Both go through this one interface, so the checks at registration, at the
 * first login of each day and in the periodic job are the same code whatever answers them.
 */
export type NationalList = {
  /** Stable identifier, as configured. */
  id: string;
  /** Whether the list names this CPF (11 digits) now. Throws when the list cannot be reached. */
  isListed(sql: Sql, cpf: string): Promise<boolean>;
};

export const sandboxNationalList: NationalList = {
  id: 'sandbox',
  isListed: (sql, cpf) => repo.nationalListed(sql, cpf),
};

export const NATIONAL_LISTS: Record<string, NationalList> = { sandbox: sandboxNationalList };

let active: NationalList = sandboxNationalList;

/** The list the checks consult (the sandbox unless the app names another adapter). */
export const nationalList = (): NationalList => active;

export function useNationalList(id: string): void {
  const l = NATIONAL_LISTS[id];
  if (!l) throw new Error(`unknown national self-exclusion list "${id}"`);
  active = l;
}

export const cpfDigits = (cpf: string | null | undefined): string | null => {
  const d = (cpf ?? '').replace(/\D/g, '');
  return d.length === 11 ? d : null;
};

export const maskCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
