import type { Db } from '../../platform/db/index';

/**
 * For demo:populate and the back-office bench only: many players of one tenant in one set statement (names, a
 * valid CPF, a mobile phone and an e-mail each, all generated from the row number), instead of one registration
 * per player. The users trigger opens each player's ledger accounts, as a registration does. PostgreSQL only:
 * 100,000 players take seconds.
 */

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olivia',
  'Pedro',
  'Rafaela',
  'Samuel',
  'Tatiana',
  'Vinicius',
  'Yasmin',
  'Thiago',
  'Larissa',
  'Gustavo',
  'Beatriz',
  'Rodrigo',
  'Camila',
  'Mateus',
  'Juliana',
  'André',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
];
// Area codes of Brazilian mobile numbers (first digit 1-9), spread over the players.
const DDD = [11, 12, 13, 19, 21, 27, 31, 41, 47, 48, 51, 61, 62, 71, 81, 85, 91, 92];

/** ASCII lower case of a name, for e-mail addresses. */
const ASCII = `translate(lower(%s), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;

/**
 * Inserts players `from`..`to` (row numbers, 1-based) of a populate run: row g gets CPF base (g * 7919) mod 10^9
 * (a bijection, so every CPF differs) with its two check digits, phone +55 DDD 9 and g in 8 digits, e-mail
 * first.last.g@<domain>. Answers the new ids in row order.
 */
export async function bulkSeedPlayers(
  db: Db,
  o: { tenantId: number; from: number; to: number; domain: string; createdDays: number },
): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `with g as (
       select g, lpad(((g::bigint * 7919 + 123456789) % 1000000000)::text, 9, '0') as b,
         ($4::text[])[1 + (g * 7) % cardinality($4::text[])] as first,
         ($5::text[])[1 + (g * 13 / 7) % cardinality($5::text[])] as last,
         ($6::int[])[1 + g % cardinality($6::int[])] as ddd
       from generate_series($2::int, $3::int) g
     ), d1 as (
       select g.*, (select (sum(substr(b, i, 1)::int * (11 - i)) * 10 % 11) % 10 from generate_series(1, 9) i) as c1
       from g
     ), cpf as (
       select d1.*, b || c1 || (select ((sum(substr(b, i, 1)::int * (12 - i)) + c1 * 2) * 10 % 11) % 10
         from generate_series(1, 9) i) as cpf
       from d1
     )
     insert into users (tenant_id, first_name, last_name, email, phone, cpf, birth_date, referral_code, language,
         email_verified_at, phone_verified_at, created_at)
     select $1::bigint, first, last, ${ASCII.replace('%s', 'first')} || '.' || ${ASCII.replace('%s', 'last')} || '.' || g || '@' || $7,
         '+55' || ddd || '9' || lpad((g % 100000000)::text, 8, '0'), cpf,
         date '1970-01-01' + ((g * 37) % 12000), 'POP' || upper(to_hex(g)) || 'X' || $1::bigint, case when g % 10 = 0 then 'en' else 'pt' end,
         now(), now(), now() - make_interval(days => $8::int) + make_interval(secs => (g - $2) * 1.0 / greatest(1, $3 - $2 + 1) * $8 * 86400)
       from cpf order by g
     returning id`,
    [o.tenantId, o.from, o.to, FIRST, LAST, DDD, o.domain, o.createdDays],
  );
  return rows.map((r) => Number(r.id));
}

/** The ids of a populate run's players (by their e-mail domain), in id order. */
export async function bulkSeededPlayers(db: Db, tenantId: number, domain: string): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from users where tenant_id = $1 and email like '%@' || $2 order by id`,
    [tenantId, domain],
  );
  return rows.map((r) => Number(r.id));
}
