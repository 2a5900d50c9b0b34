-- The footer and the page's meta description follow the player's language: settings.site.description_en (added to
-- TenantSettings, null = show the Portuguese description) holds the English text. A tenant's settings need no schema
-- change, since parsing fills the new key with null. The demo tenant seeded on an earlier start, though, would keep
-- showing Portuguese on English pages. So it gets the English text the seed now writes, but only while its
-- description is still the seeded one and nobody has set an English one. Bumping the revision refreshes cached pages.
update tenants
   set settings = jsonb_set(
         settings,
         '{site,description_en}',
         to_jsonb('Sorte Demo: a demonstration online casino with provably fair Sorte Originals games, weekly cashback, '
           || 'a VIP club and PIX deposits and withdrawals in minutes. Forbidden for under-18s. Play responsibly.'::text)
       ),
       revision = revision + 1,
       updated_at = now()
 where name = 'Sorte Demo'
   and settings #>> '{site,description}' =
       'Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis, cashback semanal, '
       || 'clube VIP e depósitos e saques via PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.'
   and coalesce(settings #>> '{site,description_en}', '') = '';
