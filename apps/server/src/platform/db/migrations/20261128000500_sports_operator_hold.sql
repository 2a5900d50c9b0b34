-- An operator's suspension of an event (sports:suspend): every market stays suspended, whatever the feed sends,
-- until the operator resumes it. Kept apart from the feed's own bet stop, which the feed lifts by itself.
ALTER TABLE sports_events ADD COLUMN operator_hold boolean NOT NULL DEFAULT false;
