-- Fewer pages written by a move that owes pictures (issue 16: a /move
-- within 3x its floor).
--
-- An owed picture was a row of a rowid table numbered by AUTOINCREMENT:
-- each change that owed pictures wrote the table, its index by version
-- (which the triggers of 0012 look pictures up by) and the counter in
-- sqlite_sequence, three B-trees. A change owes at most one picture per
-- seat (the channel's board is seat -1), so (game_id, version, seat)
-- names a picture; without a rowid the row lives in that key's tree, the
-- only one written, and the triggers find a version's pictures by the
-- key's first two columns. The worker takes them in the key's order
-- within a game, which is the order they were owed in, and a channel's
-- games in the order they were created (see OwedPictures).
CREATE TABLE pictures_owed_by_key (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    channel_id    TEXT    NOT NULL,
    user_id       TEXT    NOT NULL DEFAULT '',
    move_n        INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    caption       TEXT    NOT NULL,
    owed_at       INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, version, seat)
) WITHOUT ROWID;

-- A channel's board has always been written with seat -1 since 0010; a
-- row without a user is a board whatever its seat says. Two rows with one
-- key cannot come from any change Casefile made; should one exist, the
-- older is kept rather than refusing to start.
INSERT OR IGNORE INTO pictures_owed_by_key (game_id, version, seat, channel_id, user_id, move_n, rules_version, caption, owed_at, attempts)
    SELECT game_id, version, CASE WHEN user_id = '' THEN -1 ELSE seat END, channel_id, user_id, move_n, rules_version, caption, owed_at, attempts
    FROM pictures_owed ORDER BY id;

-- The triggers name pictures_owed in their bodies: they go while the
-- table is replaced and come back unchanged.
DROP TRIGGER picture_states_keep;
DROP TRIGGER picture_states_forget;
DROP TABLE pictures_owed;
ALTER TABLE pictures_owed_by_key RENAME TO pictures_owed;

CREATE TRIGGER picture_states_keep AFTER UPDATE OF version ON games
WHEN old.version <> new.version AND old.snapshot IS NOT NULL
    AND EXISTS (SELECT 1 FROM pictures_owed WHERE game_id = old.id AND version = old.version)
BEGIN
    INSERT OR IGNORE INTO picture_states (game_id, version, snapshot, seats)
    VALUES (old.id, old.version, old.snapshot,
        (SELECT COALESCE(json_group_array(json_object('seat', s.seat, 'user_id', s.user_id, 'name', s.name,
            'standin', json(CASE WHEN s.standin THEN 'true' ELSE 'false' END),
            'resigned', json(CASE WHEN s.resigned THEN 'true' ELSE 'false' END),
            'won', json(CASE WHEN s.won THEN 'true' ELSE 'false' END)) ORDER BY s.seat), '[]') FROM seats s WHERE s.game_id = old.id));
END;

CREATE TRIGGER picture_states_forget AFTER DELETE ON pictures_owed
WHEN NOT EXISTS (SELECT 1 FROM pictures_owed WHERE game_id = old.game_id AND version = old.version)
BEGIN
    DELETE FROM picture_states WHERE game_id = old.game_id AND version = old.version;
END;
