-- The player's recent games (issues 6 and 7): every bet, of a provider's game or an Originals one, moves its game's
-- played_at. The index on (tenant_id, user_id, played_at) made each of those a non-HOT update: a new row version
-- plus an entry in both indexes, on every bet. No read needs that index: GET /games/recent counts the player's rows
-- (count(*) over ()), so it reads all of them anyway, and a player has one row per game ever played, a few dozen
-- at most, found by the primary key's (tenant_id, user_id) prefix and sorted in memory. Without it, moving
-- played_at touches no indexed column; free space on the row's page (fillfactor) lets the new version stay there.
drop index game_recents_user_idx;
alter table game_recents set (fillfactor = 70);
