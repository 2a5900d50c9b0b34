-- Home banners speak both languages and have an audience (guests, players, everyone); see Banner in
-- packages/contracts. The demo tenant as first seeded gets its new banners: no welcome bonus, weekly cashback or VIP
-- club offer (none of them exists), each banner in Portuguese and English and linking to a live page. On any other
-- tenant the three demo banners selling those offers are taken out, and the rest is left as the operator set it.

-- The demo tenant exactly as seeded: its banners replaced as a whole.
update tenants
   set settings = jsonb_set(settings, '{banners}', '[{"id":"sorte-originals","title":"Sorte Originals: jogos comprovadamente justos","alt":"Dados, cartas e um escudo verde: conheça os Sorte Originals, jogos com resultado verificável (provably fair).","image":"/static/demo/banners/sorte-originals.svg","image_mobile":"/static/demo/banners/sorte-originals-mobile.svg","link":"/originals","position":0,"locale":null,"title_en":"Sorte Originals: provably fair games","alt_en":"Dice, cards and a green shield: meet Sorte Originals, games whose every result you can check (provably fair).","image_en":"/static/demo/banners/sorte-originals-en.svg","image_mobile_en":"/static/demo/banners/sorte-originals-en-mobile.svg","audience":"everyone"},{"id":"pix-cadastro","title":"Depósito e saque via PIX em minutos","alt":"Celular com o símbolo do PIX: crie sua conta e deposite e saque via PIX em minutos, somente de contas no seu próprio CPF.","image":"/static/demo/banners/pix-cadastro.svg","image_mobile":"/static/demo/banners/pix-cadastro-mobile.svg","link":"/register","position":1,"locale":null,"title_en":"PIX deposits and withdrawals in minutes","alt_en":"A phone with the PIX symbol: create your account to deposit and withdraw by PIX in minutes, only from accounts in your own CPF.","image_en":"/static/demo/banners/pix-cadastro-en.svg","image_mobile_en":"/static/demo/banners/pix-cadastro-en-mobile.svg","audience":"guests"},{"id":"pix","title":"Depósito e saque via PIX em minutos","alt":"Celular com o símbolo do PIX: depósitos e saques via PIX em minutos, somente de contas no seu próprio CPF.","image":"/static/demo/banners/pix.svg","image_mobile":"/static/demo/banners/pix-mobile.svg","link":"/account/wallet","position":1,"locale":null,"title_en":"PIX deposits and withdrawals in minutes","alt_en":"A phone with the PIX symbol: PIX deposits and withdrawals in minutes, only from accounts in your own CPF.","image_en":"/static/demo/banners/pix-en.svg","image_mobile_en":"/static/demo/banners/pix-en-mobile.svg","audience":"players"},{"id":"jogo-responsavel","title":"Jogo responsável: você no controle do seu jogo","alt":"Escudo verde e um botão de pausa: defina limites, faça pausas ou peça a autoexclusão. Precisa de ajuda? Ligue 188.","image":"/static/demo/banners/jogo-responsavel.svg","image_mobile":"/static/demo/banners/jogo-responsavel-mobile.svg","link":"/responsible-gaming","position":2,"locale":null,"title_en":"Responsible gaming: you are in control of your play","alt_en":"A green shield and a pause button: set limits, take a break or self-exclude. Need help? In Brazil, call 188.","image_en":"/static/demo/banners/jogo-responsavel-en.svg","image_mobile_en":"/static/demo/banners/jogo-responsavel-en-mobile.svg","audience":"everyone"}]'::jsonb),
       revision = revision + 1,
       updated_at = now()
 where settings->'banners' = '[{"id":"boas-vindas","title":"Bônus de boas-vindas: 100% até R$ 500 no primeiro depósito","alt":"Trevo dourado e moedas: bônus de boas-vindas de 100% até R$ 500 no primeiro depósito. 18+, termos se aplicam, jogue com responsabilidade.","image":"/static/demo/banners/boas-vindas.svg","image_mobile":"/static/demo/banners/boas-vindas-mobile.svg","link":"/register","position":0,"locale":null},{"id":"sorte-originals","title":"Sorte Originals: jogos comprovadamente justos","alt":"Dados, cartas e um escudo verde: conheça os Sorte Originals, jogos com resultado verificável (provably fair).","image":"/static/demo/banners/sorte-originals.svg","image_mobile":"/static/demo/banners/sorte-originals-mobile.svg","link":"/casino/games","position":1,"locale":null},{"id":"cashback-semanal","title":"Cashback semanal de 10% toda segunda-feira","alt":"Moedas voltando para a carteira: 10% das perdas líquidas da semana de volta toda segunda-feira. 18+, termos se aplicam.","image":"/static/demo/banners/cashback-semanal.svg","image_mobile":"/static/demo/banners/cashback-semanal-mobile.svg","link":"/bonus","position":2,"locale":null},{"id":"clube-vip","title":"Clube VIP: missões, níveis e recompensas","alt":"Coroa dourada e estrelas: suba de nível no Clube VIP completando missões e ganhe recompensas exclusivas.","image":"/static/demo/banners/clube-vip.svg","image_mobile":"/static/demo/banners/clube-vip-mobile.svg","link":"/promotion","position":3,"locale":null},{"id":"pix","title":"Depósito e saque via PIX em minutos","alt":"Celular com o símbolo do PIX: depósitos e saques via PIX em minutos, somente de contas no seu próprio CPF.","image":"/static/demo/banners/pix.svg","image_mobile":"/static/demo/banners/pix-mobile.svg","link":"/account/wallet","position":4,"locale":null}]'::jsonb;

-- Elsewhere: the demo artwork of the three offers that do not exist, removed wherever it is still used.
update tenants
   set settings = jsonb_set(settings, '{banners}', coalesce(
         (select jsonb_agg(e.b order by e.n)
            from jsonb_array_elements(settings->'banners') with ordinality as e(b, n)
           where e.b->>'image' not in ('/static/demo/banners/boas-vindas.svg', '/static/demo/banners/cashback-semanal.svg', '/static/demo/banners/clube-vip.svg')),
         '[]'::jsonb)),
       revision = revision + 1,
       updated_at = now()
 where exists (select 1 from jsonb_array_elements(settings->'banners') as e(b)
                where e.b->>'image' in ('/static/demo/banners/boas-vindas.svg', '/static/demo/banners/cashback-semanal.svg', '/static/demo/banners/clube-vip.svg'));

-- The demo's title for English pages, and its description without the cashback and VIP club it does not have.
update tenants
   set settings = jsonb_set(settings, '{siteTitle_en}', to_jsonb('Sorte Demo | Online casino with PIX'::text)),
       revision = revision + 1,
       updated_at = now()
 where settings->>'siteTitle' = 'Sorte Demo | Cassino online com PIX'
   and coalesce(settings->>'siteTitle_en', '') = '';

update tenants
   set settings = jsonb_set(jsonb_set(settings, '{site,description}', to_jsonb('Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis e depósitos e saques via PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.'::text)),
                            '{site,description_en}', to_jsonb('Sorte Demo: a demonstration online casino with provably fair Sorte Originals games and PIX deposits and withdrawals in minutes. Forbidden for under-18s. Play responsibly.'::text)),
       revision = revision + 1,
       updated_at = now()
 where settings->'site'->>'description' = 'Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis, cashback semanal, clube VIP e depósitos e saques via PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.'
   and settings->'site'->>'description_en' = 'Sorte Demo: a demonstration online casino with provably fair Sorte Originals games, weekly cashback, a VIP club and PIX deposits and withdrawals in minutes. Forbidden for under-18s. Play responsibly.';
