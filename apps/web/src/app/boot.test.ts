import { describe, expect, it } from 'vitest';
import { bootFromResponse } from './boot';

const reply402 = (message: string) =>
  new Response(JSON.stringify({ message, code: 'maintenance' }), {
    status: 402,
    headers: { 'content-type': 'application/json' },
  });

describe('the maintenance start state', () => {
  it("carries the operator's own message, so the maintenance page shows it", async () => {
    expect(await bootFromResponse(reply402('Voltamos às 14h.'), 'pt')).toEqual({
      state: 'maintenance',
      locale: 'pt',
      message: 'Voltamos às 14h.',
    });
  });

  it('leaves the standard text to the page (title and text, not the server’s sentence twice)', async () => {
    for (const text of [
      'Fazendo uma pausa para melhorar! Para descobrir mais, entre em contato com um administrador!',
      'Taking a break to improve! To find out more, contact an administrator!',
    ])
      expect(await bootFromResponse(reply402(text), 'pt')).toEqual({ state: 'maintenance', locale: 'pt' });
    const empty = new Response('', { status: 402 });
    expect(await bootFromResponse(empty, 'en')).toEqual({ state: 'maintenance', locale: 'en' });
  });
});
