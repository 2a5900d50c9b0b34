import { describe, expect, it } from 'vitest';
import { useLocaleStore } from './i18n';
import {
  accepted,
  adultBirthDate,
  confirms,
  cpf,
  email,
  formatPhone,
  fullName,
  MSG,
  maskCpf,
  maskDate,
  maskPhone,
  normalizeCpf,
  normalizePhone,
  parseBrDate,
  password,
  phone,
  type Rule,
  required,
  validateField,
} from './validation';

const first = (rules: Rule[], value: string | boolean, values: Record<string, string | boolean> = {}) =>
  validateField(rules, 'f', { ...values, f: value });

describe('field rules (spec section 5, the same wordings as the server)', () => {
  it('required, then full name, then last name: the first failing rule only', () => {
    useLocaleStore.getState().setLocale('pt');
    const rules = [required, fullName];
    expect(first(rules, '')).toBe('Este campo é obrigatório.');
    expect(first(rules, '   ')).toBe('Este campo é obrigatório.');
    expect(first(rules, 'Maria')).toBe('Por favor, insira seu nome completo.');
    expect(first(rules, 'Maria S')).toBe('O sobrenome deve ter mais de três caracteres.');
    expect(first(rules, 'Maria da Silva')).toBeUndefined();
    expect(first(rules, 'João D’Ávila 3')).toBe('O nome contém caracteres inválidos.');
  });

  it('speaks English when the site does', () => {
    useLocaleStore.getState().setLocale('en');
    expect(first([required, fullName], 'Maria')).toBe('Please enter your full name.');
    expect(first([required], '')).toBe('This field is required.');
    useLocaleStore.getState().setLocale('pt');
  });

  it('e-mail: format, then at most 30 characters', () => {
    expect(first([required, email], 'maria@')).toBe('Por favor, insira um e-mail válido.');
    expect(first([required, email], 'abcdefghijklmnopqrstuvwxyz@exemplo.com')).toBe(
      'E-mail é permitido apenas 30 caracteres',
    );
    expect(first([required, email], 'maria@exemplo.com.br')).toBeUndefined();
  });

  it('password: 8+, mixed; confirmation must match', () => {
    expect(password('abc1', {})).toBe(MSG.passwordMin);
    expect(password('abcdefgh', {})).toBe(MSG.passwordMix);
    expect(password('12345678', {})).toBe(MSG.passwordMix);
    expect(password('senha123', {})).toBeNull();
    expect(first([required, confirms('password')], 'x', { password: 'y' })).toBe('As senhas não coincidem');
    expect(first([required, confirms('password')], 'y', { password: 'y' })).toBeUndefined();
  });

  it('CPF: 11 digits, not all equal, both check digits', () => {
    expect(cpf('529.982.247-25', {})).toBeNull();
    expect(cpf('52998224725', {})).toBeNull();
    expect(cpf('529.982.247-24', {})).toBe(MSG.cpf);
    expect(cpf('111.111.111-11', {})).toBe(MSG.cpf);
    expect(cpf('5299822472', {})).toBe(MSG.cpf);
    expect(MSG.cpf.pt).toBe('CPF inválido');
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
  });

  it('phone: a Brazilian mobile in any usual writing, stored E.164', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePhone('+55 11 98765 4321')).toBe('+5511987654321');
    expect(normalizePhone('11 3456-7890')).toBeNull(); // landline
    expect(normalizePhone('(20) 98765-4321')).toBeNull(); // no such DDD
    expect(phone('(11) 9876', {})).toBe(MSG.phone);
  });

  it('birth date: DD/MM/AAAA, a real date, 18 or older in the tenant time zone', () => {
    const rule = adultBirthDate('America/Sao_Paulo');
    expect(parseBrDate('31/02/1990')).toBeNull();
    expect(parseBrDate('17/05/1990')).toBe('1990-05-17');
    expect(rule('31/02/1990', {})).toBe(MSG.birthDate);
    expect(rule('01/01/2015', {})).toBe(MSG.underage);
    expect(rule('17/05/1990', {})).toBeNull();
  });

  it('the two confirmations of registration', () => {
    expect(accepted(MSG.terms)(false, {})?.pt).toBe('Você precisa aceitar os termos e condições.');
    expect(accepted(MSG.ageConfirmed)(true, {})).toBeNull();
  });
});

describe('input masks', () => {
  it('formats progressively while typing', () => {
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('1198765')).toBe('(11) 98765');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskDate('17051990')).toBe('17/05/1990');
    expect(formatPhone('+5511987654321')).toBe('+55 (11) 98765-4321');
  });
});
