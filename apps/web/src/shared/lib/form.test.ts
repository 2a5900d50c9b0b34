import { describe, expect, it } from 'vitest';
import { rulesSchema } from './form';
import { useLocaleStore } from './i18n';
import { confirms, fullName, password, required } from './validation';

const rules = () => ({
  name: [required, fullName],
  password: [required, password],
  password_confirmation: [required, confirms('password')],
});

const issuesOf = (values: Record<string, string>) => {
  const result = rulesSchema(rules).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the field rules as the forms zod schema', () => {
  it('reports each field once, with its first failing rule, in the current language', () => {
    useLocaleStore.getState().setLocale('pt');
    expect(issuesOf({ name: '', password: 'abc', password_confirmation: 'abd' })).toEqual({
      name: 'Este campo é obrigatório.',
      password: 'A senha deve ter no mínimo 8 caracteres.',
      password_confirmation: 'As senhas não coincidem',
    });
    useLocaleStore.getState().setLocale('en');
    expect(issuesOf({ name: 'Maria', password: 'abcdefgh', password_confirmation: 'abcdefgh' })).toEqual({
      name: 'Please enter your full name.',
      password: 'The password must mix letters with numbers or symbols.',
    });
    useLocaleStore.getState().setLocale('pt');
  });

  it('passes valid values through, untouched', () => {
    const values = { name: 'Maria da Silva', password: 'senha123', password_confirmation: 'senha123', ref: 'x' };
    expect(rulesSchema(rules).parse(values)).toEqual(values);
  });
});
