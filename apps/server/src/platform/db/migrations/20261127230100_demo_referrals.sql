-- The demo tenant runs refer-a-friend now (new demo databases get it from the seed): R$ 20,00 per friend whose first
-- deposit is R$ 20,00 or more and who wagered R$ 50,00, paid after a 7-day review. Only the demo tenant served from
-- localhost, and only while its programme is still the seeded one (off, no CPA): an operator's choice is left alone.
update tenants t
   set settings = t.settings || '{"cpa_value": 2000, "affiliate_regular_user_active": true, "cpa_min_deposit": 2000, "cpa_min_wager": 5000, "cpa_review_days": 7}'::jsonb,
       revision = t.revision + 1,
       updated_at = now()
 where t.name = 'Sorte Demo'
   and coalesce(t.settings->>'cpa_value', '0') = '0'
   and coalesce(t.settings->>'affiliate_regular_user_active', 'false') = 'false'
   and exists (select 1 from tenant_hosts h where h.tenant_id = t.id and h.host = 'localhost');
