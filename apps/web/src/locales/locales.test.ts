import { describe, expect, it } from 'vitest';
import { translate } from '../shared/lib/i18n';
import { messages } from './index';

function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('en has every key pt has, and no more', () => {
    expect(keys(messages.en).sort()).toEqual(keys(messages.pt).sort());
  });

  it('has the full HTTP error catalogue of spec section 8 in both languages', () => {
    const statuses = [
      400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 422, 429, 500, 501, 502,
      503, 504, 505,
    ];
    for (const locale of ['pt', 'en'] as const) {
      for (const s of statuses) {
        const text = translate(locale, `error_messages.${s}`);
        expect(text, `${locale} ${s}`).not.toBe(`error_messages.${s}`);
        expect(text.length).toBeGreaterThan(3);
      }
    }
    expect(translate('pt', 'error_messages.401')).toBe('Sessão expirada, faça login novamente');
    expect(translate('pt', 'error_messages.402')).toBe('Créditos insuficientes');
    expect(translate('pt', 'error_messages.422')).toBe('Você já possui uma assinatura ativa');
    expect(translate('pt', 'error_messages.429')).toMatch(/^Muitas requisições/);
  });

  it('keeps the preloader strings of spec section 2', () => {
    expect(translate('pt', 'app.preloader.loading')).toBe('Carregando site...');
    expect(translate('pt', 'app.preloader.maintenanceTitle')).toBe('Fazendo uma pausa para melhorar!');
    expect(translate('pt', 'app.preloader.maintenanceText')).toBe(
      'Para descobrir mais, entre em contato com um administrador!',
    );
    expect(translate('pt', 'app.preloader.notFoundTitle')).toBe('Plataforma não encontrada');
    expect(translate('pt', 'app.preloader.notFoundLink')).toBe('Clique aqui para saber mais');
  });

  it('interpolates and falls back to pt, then to the key', () => {
    expect(translate('en', 'app.footer.phone', { phone: '0800' })).toBe('Support: 0800');
    expect(translate('pt', 'app.nope.missing')).toBe('app.nope.missing');
  });
});
