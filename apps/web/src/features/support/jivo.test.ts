import { describe, expect, it, vi } from 'vitest';
import { type JivoApi, jivoContact, mountJivo } from './jivo';

const user = {
  email: 'ana@exemplo.com',
  name: 'Ana Souza',
  first_name: 'Ana',
  last_name: 'Souza',
  username: '+5511987654321',
};

/** Just enough of a window/document for the loader: scripts by id, appended to the body. */
function fakeWindow() {
  const byId = new Map<string, { id: string; src: string; async: boolean; remove: () => void }>();
  const document = {
    getElementById: (id: string) => byId.get(id) ?? null,
    createElement: () => {
      const el = { id: '', src: '', async: false, remove: () => byId.delete(el.id) };
      return el;
    },
    body: { appendChild: (el: { id: string; src: string; async: boolean; remove: () => void }) => byId.set(el.id, el) },
  };
  return { document, byId } as unknown as Window & {
    byId: typeof byId;
    jivo_api?: JivoApi;
    jivo_onLoadCallback?: () => void;
    jivo_destroy?: () => void;
  };
}

describe('Jivo support chat', () => {
  it('loads the tenant widget once and identifies the player when it is ready', () => {
    const w = fakeWindow();
    const stop = mountJivo('AbC123xyz', user, 'tok-1', w);
    mountJivo('AbC123xyz', user, 'tok-1', w);
    expect(w.byId.size).toBe(1);
    expect(w.byId.get('jivo-widget')?.src).toBe('https://code.jivosite.com/widget/AbC123xyz');
    const api = { setContactInfo: vi.fn(), setUserToken: vi.fn(), open: vi.fn() };
    w.jivo_api = api;
    w.jivo_onLoadCallback?.();
    expect(api.setContactInfo).toHaveBeenCalledWith({
      name: 'Ana Souza',
      email: 'ana@exemplo.com',
      phone: '+5511987654321',
      description: 'Ana Souza',
    });
    expect(api.setUserToken).toHaveBeenCalledWith('tok-1');
    w.jivo_destroy = vi.fn();
    stop();
    expect(w.jivo_destroy).toHaveBeenCalled();
    expect(w.byId.size).toBe(0);
  });

  it('builds the contact from first and last name when the full name is missing', () => {
    expect(jivoContact({ ...user, name: '' }).name).toBe('Ana Souza');
  });
});
