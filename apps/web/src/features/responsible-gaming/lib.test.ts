import { describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/lib/http';
import { translate } from '../../shared/lib/i18n';
import { centsToField, errorCodeOf, formatMinutes, hostOf, parseReais, serverOffset } from './lib';
import en from './locales/en';
import ptMessages from './locales/pt';
import './locales/register';

const pt = (key: string, params?: Record<string, string | number>) => translate('pt', key, params);

describe('responsible gaming helpers', () => {
  it('reads the amounts a player types into a limit, in centavos', () => {
    expect(parseReais('200')).toBe(20_000);
    expect(parseReais('200,5')).toBe(20_050);
    expect(parseReais('R$ 1.000,00')).toBe(100_000);
    expect(parseReais('1,000.25')).toBe(100_025);
    expect(parseReais('0,99')).toBe(99);
    expect(parseReais('')).toBeNull();
    expect(parseReais('abc')).toBeNull();
    expect(parseReais('1.000.00')).toBeNull();
    expect(parseReais('-5')).toBeNull();
  });

  it('writes an amount back into the field the way it was typed', () => {
    expect(centsToField(50_000, 'pt')).toBe('500');
    expect(centsToField(12_345, 'pt')).toBe('123,45');
    expect(centsToField(12_345, 'en')).toBe('123.45');
    expect(parseReais(centsToField(12_345, 'pt'))).toBe(12_345);
  });

  it('says a time limit in hours and minutes', () => {
    expect(formatMinutes(pt, 45)).toBe('45 min');
    expect(formatMinutes(pt, 120)).toBe('2 h');
    expect(formatMinutes(pt, 150)).toBe('2 h 30 min');
    expect(formatMinutes(pt, 1440)).toBe('24 h');
  });

  it("finds the server clock's lead from a session read, to whole seconds", () => {
    const readAt = Date.parse('2026-11-25T12:00:00.300Z');
    // The server says the session started 10 minutes ago by its clock, which runs 5 minutes ahead.
    const session = { started_at: '2026-11-25T11:55:00.000Z', elapsed_seconds: 600 };
    expect(serverOffset(session, readAt)).toBe(5 * 60_000);
    expect(serverOffset({ started_at: '2026-11-25T11:50:00.000Z', elapsed_seconds: 600 }, readAt)).toBe(0);
  });

  it('reads the refusal code of a failed call', () => {
    const refused = new HttpError({
      status: 422,
      url: '/api/main-gateway/qrcode-pix',
      body: { message: 'Limite de depósito atingido', code: 'limit_deposit' },
      message: 'Limite de depósito atingido',
    });
    expect(errorCodeOf(refused)).toBe('limit_deposit');
    expect(errorCodeOf(new HttpError({ status: 500, url: '', body: null, message: '' }))).toBeNull();
    expect(errorCodeOf(new Error('x'))).toBeNull();
  });

  it('shows the host of an outside link', () => {
    expect(hostOf('https://www.gov.br/fazenda/x')).toBe('www.gov.br');
    expect(hostOf('not a url')).toBe('not a url');
  });

  it('has every string in both languages', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    expect(keys(en).sort()).toEqual(keys(ptMessages).sort());
  });
});
