import fs from 'node:fs';
import path from 'node:path';
import { type Banner, bannerLinkIssue, TenantSettings } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer } from '../../test/accounts';
import { fakeWebDist, testApp } from '../../test/helpers';
import { createTenant, setTenantSettings } from '../tenants/index';
import { demoBanners } from './demo/settings';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../platform/db/migrations');
const MIGRATION = path.join(MIGRATIONS, '20261126300000_bilingual_banners.sql');
const WELCOME_MIGRATION = path.join(MIGRATIONS, '20261127100300_welcome_banner.sql');
/** The banners the bilingual migration gave the demo tenant: today's, before its welcome offer existed. */
const BILINGUAL = demoBanners.filter((b) => b.id !== 'boas-vindas');

// The demo tenant's banners exactly as they were first seeded, before banners spoke two languages: three of them
// sold a welcome bonus, a weekly cashback and a VIP club that do not exist.
const SEEDED_BEFORE = [
  [
    'boas-vindas',
    'Bônus de boas-vindas: 100% até R$ 500 no primeiro depósito',
    'Trevo dourado e moedas: bônus de boas-vindas de 100% até R$ 500 no primeiro depósito. 18+, termos se aplicam, jogue com responsabilidade.',
    '/register',
  ],
  [
    'sorte-originals',
    'Sorte Originals: jogos comprovadamente justos',
    'Dados, cartas e um escudo verde: conheça os Sorte Originals, jogos com resultado verificável (provably fair).',
    '/casino/games',
  ],
  [
    'cashback-semanal',
    'Cashback semanal de 10% toda segunda-feira',
    'Moedas voltando para a carteira: 10% das perdas líquidas da semana de volta toda segunda-feira. 18+, termos se aplicam.',
    '/bonus',
  ],
  [
    'clube-vip',
    'Clube VIP: missões, níveis e recompensas',
    'Coroa dourada e estrelas: suba de nível no Clube VIP completando missões e ganhe recompensas exclusivas.',
    '/promotion',
  ],
  [
    'pix',
    'Depósito e saque via PIX em minutos',
    'Celular com o símbolo do PIX: depósitos e saques via PIX em minutos, somente de contas no seu próprio CPF.',
    '/account/wallet',
  ],
].map(([id, title, alt, link], position) => ({
  id,
  title,
  alt,
  image: `/static/demo/banners/${id}.svg`,
  image_mobile: `/static/demo/banners/${id}-mobile.svg`,
  link,
  position,
  locale: null,
}));

describe('home banners: both languages, an audience, only real offers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ webDist: fakeWebDist(), tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  });
  afterAll(() => app.close());

  const banners = async (o: { locale?: 'pt' | 'en'; token?: string } = {}) => {
    const res = await app.inject({
      url: '/api/settings/banners',
      headers: {
        host: 'localhost',
        ...(o.locale === 'en' ? { 'accept-language': 'en' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as Banner[];
  };

  it('shows a guest and a player their own banners (a self-excluded player none), a bonus only when the offer is real', async () => {
    const guest = await banners();
    expect(guest.length).toBeGreaterThanOrEqual(3);
    expect(guest.every((b) => b.audience !== 'players')).toBe(true);
    // A guest's PIX banner asks for an account first; a player's goes to the wallet.
    expect(guest.find((b) => b.title.includes('PIX'))?.link).toBe('/register');
    const { token } = await registerPlayer(app);
    const excluded = await registerPlayer(app);
    const player = await banners({ token });
    expect(player.length).toBeGreaterThanOrEqual(3);
    expect(player.every((b) => b.audience !== 'guests')).toBe(true);
    expect(player.find((b) => b.title.includes('PIX'))?.link).toBe('/account/wallet');
    // A player in self-exclusion (still able to log in to withdraw) is shown no banner.
    await app.db.query(
      `update users set self_exclusion_value = '30', self_exclusion_start = now(),
         self_exclusion_end = now() + interval '30 days' where id = $1`,
      [Number(excluded.user.id)],
    );
    expect(await banners({ token: excluded.token })).toEqual([]);
    // A token that is no session reads as a guest.
    expect((await banners({ token: 'x'.repeat(40) })).map((b) => b.id)).toEqual(guest.map((b) => b.id));
    // The welcome bonus is sold to guests only (it is for new players), and only as the tenant's real offer: its
    // banner opens the offer's rules, and the offers the site lists say the same figures.
    const welcome = guest.filter((b) => /bônus|bonus/i.test(`${b.title} ${b.title_en} ${b.alt}`));
    expect(welcome.map((b) => b.link)).toEqual(['/promotion']);
    expect(player.some((b) => /bônus|bonus/i.test(`${b.title} ${b.title_en} ${b.alt}`))).toBe(false);
    const offers = await app.inject({ url: '/api/promotions/offers', headers: { host: 'localhost' } });
    expect(offers.json().offers).toContainEqual(
      expect.objectContaining({ kind: 'deposit_match', percent: 100, max_bonus: 50_000 }),
    );
    for (const b of [...guest, ...player]) {
      expect(`${b.title} ${b.title_en} ${b.alt}`).not.toMatch(/cashback|vip/i);
      expect(bannerLinkIssue(b.link), b.id).toBeNull();
    }
  });

  it('carries an English version of every banner, with its own artwork, for English pages', async () => {
    const en = await banners({ locale: 'en' });
    expect(en.length).toBeGreaterThanOrEqual(3);
    for (const b of en) {
      expect(b.title_en, b.id).toMatch(/[A-Za-z]/);
      expect(b.title_en).not.toBe(b.title);
      for (const [url, lang] of [
        [b.image, 'pt'],
        [b.image_mobile, 'pt'],
        [b.image_en, 'en'],
        [b.image_mobile_en, 'en'],
      ] as const) {
        const art = await app.inject({ url: url!, headers: { host: 'localhost' } });
        expect(art.statusCode, url!).toBe(200);
        expect(art.body).toContain('<svg');
        // The artwork's own words are in its language: English art says "Play responsibly" or "in your own CPF".
        if (lang === 'en') expect(art.body, url!).not.toMatch(/Jogue com responsabilidade|próprio CPF|Jogar agora/);
      }
    }
  });

  it('refuses a banner that links to no page of the site, or an English version without its title', async () => {
    await expect(
      setTenantSettings(app.db, { host: 'localhost', assignments: ['banners.0.link="/pages-que-nao-existem/x/y"'] }),
    ).rejects.toMatchObject({ fields: { 'banners.0.link': [expect.stringContaining('no page of the site')] } });
    await expect(
      setTenantSettings(app.db, { host: 'localhost', assignments: ['banners.0.title_en=null'] }),
    ).rejects.toMatchObject({ fields: { 'banners.0.title_en': [expect.any(String)] } });
    // An outside address and a page of the site are fine.
    const ok = await setTenantSettings(app.db, {
      host: 'localhost',
      assignments: ['banners.0.link="/originals/dice"'],
    });
    expect(ok.settings.banners[0]!.link).toBe('/originals/dice');
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['banners.0.link="/originals"'] });
  });

  it('the migration gives the demo tenant as first seeded its new banners, title and description', async () => {
    const sql = fs.readFileSync(MIGRATION, 'utf8');
    const { rows } = await app.db.query<{ id: number; settings: Record<string, unknown> }>(
      "select t.id, t.settings from tenants t join tenant_hosts h on h.tenant_id = t.id where h.host = 'localhost'",
    );
    const demo = rows[0]!;
    // Put the tenant back as it was seeded before this change (the keys it had then, exactly).
    const before = structuredClone(demo.settings) as Record<string, unknown> & { site: Record<string, unknown> };
    before.banners = SEEDED_BEFORE;
    delete before.siteTitle_en;
    before.site = {
      ...before.site,
      description:
        'Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis, cashback semanal, clube VIP e depósitos e saques via PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.',
      description_en:
        'Sorte Demo: a demonstration online casino with provably fair Sorte Originals games, weekly cashback, a VIP club and PIX deposits and withdrawals in minutes. Forbidden for under-18s. Play responsibly.',
    };
    await app.db.query('update tenants set settings = $2 where id = $1', [demo.id, JSON.stringify(before)]);
    // An operator's tenant that kept the welcome-bonus artwork beside its own banner.
    const other = await createTenant(app.db, { name: 'Outra Casa', host: 'outra.test' });
    const own = { ...SEEDED_BEFORE[1]!, id: 'minha-promo', link: '/originals' };
    await app.db.query(`update tenants set settings = jsonb_set(settings, '{banners}', $2::jsonb) where id = $1`, [
      other.id,
      JSON.stringify([SEEDED_BEFORE[0], own]),
    ]);

    await app.db.exec(sql);

    const after = await app.db.query<{ id: number; settings: unknown }>(
      'select id, settings from tenants where id = any($1::bigint[]) order by id',
      [[demo.id, other.id]],
    );
    const [d, o] = after.rows.map((r) => TenantSettings.parse(r.settings));
    expect(d!.banners.map((b) => b.id)).toEqual(BILINGUAL.map((b) => b.id));
    expect(d!.siteTitle_en).toBe('Sorte Demo | Online casino with PIX');
    expect(d!.site.description).not.toMatch(/cashback|VIP/i);
    expect(o!.banners.map((b) => b.id)).toEqual(['minha-promo']);
  });

  it('the welcome-banner migration gives the demo tenant as seeded its welcome offer banner, and leaves others alone', async () => {
    const sql = fs.readFileSync(WELCOME_MIGRATION, 'utf8');
    const demo = await createTenant(app.db, { name: 'Demo como semeado', host: 'semeado.test' });
    const other = await createTenant(app.db, { name: 'Outra Casa 2', host: 'outra2.test' });
    const set = (id: number, banners: unknown) =>
      app.db.query(`update tenants set settings = jsonb_set(settings, '{banners}', $2::jsonb) where id = $1`, [
        id,
        JSON.stringify(banners),
      ]);
    await set(demo.id, BILINGUAL);
    const own = [{ ...BILINGUAL[0]!, id: 'minha-promo' }];
    await set(other.id, own);

    await app.db.exec(sql);

    const after = await app.db.query<{ id: number; settings: unknown }>(
      'select id, settings from tenants where id = any($1::bigint[]) order by id',
      [[demo.id, other.id]],
    );
    const [d, o] = after.rows.map((r) => TenantSettings.parse(r.settings));
    expect(d!.banners).toEqual(TenantSettings.parse({ ...d, banners: demoBanners }).banners);
    expect(d!.banners.find((b) => b.id === 'boas-vindas')).toMatchObject({ link: '/promotion', audience: 'guests' });
    expect(o!.banners.map((b) => b.id)).toEqual(['minha-promo']);
  });

  it('titles English pages in English, suffix included', async () => {
    const en = await app.inject({ url: '/en/terms', headers: { host: 'localhost' } });
    expect(en.body).toContain('<title>Terms and Conditions | Sorte Demo | Online casino with PIX</title>');
    const pt = await app.inject({ url: '/terms', headers: { host: 'localhost' } });
    expect(pt.body).toContain('<title>Termos e Condições | Sorte Demo | Cassino online com PIX</title>');
    const profile = await app.inject({ url: '/user', headers: { host: 'localhost' } });
    expect(profile.body).toContain('<title>Meu perfil | Sorte Demo');
  });
});
