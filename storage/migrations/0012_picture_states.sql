-- An owed picture no longer carries its own copy of the state it shows.
-- While the game's row is still at the version the picture was owed at,
-- the row itself is that state; only when a later change moves the game
-- on does the trigger below keep the old state and seats, once per
-- (game, version), however many pictures that version owes (a Police
-- Precinct move owes the board and about three seats' own pictures: each
-- carried a full copy of the snapshot before). The picture worker usually
-- posts a picture before the game's next move, and then nothing is ever
-- copied. The kept state goes when the last picture owing it is done.
CREATE TABLE picture_states (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    snapshot BLOB NOT NULL,
    seats    TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Pictures owed before this migration give their copies to the new table.
INSERT OR IGNORE INTO picture_states (game_id, version, snapshot, seats)
    SELECT game_id, version, snapshot, seats FROM pictures_owed ORDER BY id;
ALTER TABLE pictures_owed DROP COLUMN snapshot;
ALTER TABLE pictures_owed DROP COLUMN seats;
-- The trigger below looks pictures up by version. Nothing reads them by
-- channel (the worker takes them in id order), so that index, written by
-- every change that owes a picture, goes.
DROP INDEX pictures_owed_channel;
CREATE INDEX pictures_owed_by_version ON pictures_owed (game_id, version);

-- A change that moves a game past a version still owed a picture keeps
-- that version's state and seats first. Storage's Commit updates the
-- games row before it touches the seats, so the seats read here are
-- still those of the old version.
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

-- The kept state goes with the last picture that owes it.
CREATE TRIGGER picture_states_forget AFTER DELETE ON pictures_owed
WHEN NOT EXISTS (SELECT 1 FROM pictures_owed WHERE game_id = old.game_id AND version = old.version)
BEGIN
    DELETE FROM picture_states WHERE game_id = old.game_id AND version = old.version;
END;

-- Fewer pages written by a move. Every change sets its game's updated_at,
-- and games_by_channel (channel_id, updated_at) rewrote an index entry on
-- every move for the one query that orders a channel's finished games by
-- it (a channel holds few games: they are sorted after the lookup).
DROP INDEX games_by_channel;
CREATE INDEX games_by_channel ON games (channel_id);

-- A handled interaction's row and its key's index were two B-trees
-- written per move; a table without rowid keeps the row in its key's
-- tree, one written page fewer, with the same refusal of a second copy.
CREATE TABLE interactions_by_id (
    id    TEXT    PRIMARY KEY,
    reply TEXT    NOT NULL DEFAULT '',
    at    INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO interactions_by_id (id, reply, at) SELECT id, reply, at FROM interactions;
DROP TABLE interactions;
ALTER TABLE interactions_by_id RENAME TO interactions;
