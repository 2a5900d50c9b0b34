-- The footer's licence line follows the player's language, as the description does (20261124070000): reg_license_en
-- (added to TenantSettings, null = show the Portuguese reg_license) holds the English text. A tenant's settings need
-- no schema change, since parsing fills the new key with null. The demo tenant seeded on an earlier start, though,
-- would keep showing its Portuguese licence on English pages. So it gets the English text the seed now writes, but
-- only while its licence is still the seeded one and nobody has set an English one. Bumping the revision refreshes
-- cached pages.
update tenants
   set settings = jsonb_set(
         settings,
         '{reg_license_en}',
         to_jsonb('DEMONSTRATION: Sorte Demo Entretenimento Ltda., CNPJ 00.000.000/0001-00 (demonstration). '
           || 'Illustrative text in the format "Authorized by SPA/MF, SPA/MF Ordinance No. 0.000/2025"; '
           || 'this site holds no real authorization.'::text)
       ),
       revision = revision + 1,
       updated_at = now()
 where name = 'Sorte Demo'
   and settings ->> 'reg_license' =
       'DEMONSTRAÇÃO: Sorte Demo Entretenimento Ltda., CNPJ 00.000.000/0001-00 (demonstração). '
       || 'Texto ilustrativo no formato "Autorizado pela SPA/MF, Portaria SPA/MF nº 0.000/2025"; '
       || 'este site não possui autorização real.'
   and btrim(coalesce(settings ->> 'reg_license_en', '')) = '';
