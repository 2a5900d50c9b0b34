-- How a withdrawal key was proven the player's: 'cpf' (the key is the player's own CPF) or 'dict' (the PSP's DICT
-- lookup said the key is registered to the player's CPF). null = not proven (a PSP without a key lookup, outside
-- regulated mode). Regulated tenants only pay out to proven keys.
alter table withdraw_methods
  add column owner_check text check (owner_check in ('cpf', 'dict')),
  add column owner_name text;
update withdraw_methods set owner_check = 'cpf' where type = 'cpf';
