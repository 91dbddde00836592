-- Fewer pages written by a move that changes its game's deadlines (a
-- reaction window opening or closing, a turn passing; issue 16).
--
-- A change replaces its game's deadlines, and each row lived in three
-- B-trees: the rowid table, the key UNIQUE (game_id, seat, kind) and the
-- index of unfired deadlines by due time. Without a rowid the row lives
-- in its key's tree, and the index by due time is the only other one.
--
-- id is no longer a rowid: it tells one deadline from the one that
-- replaced it under the same key, so that a tick that read a deadline
-- fires it only if it is still the same (FireDeadline). A change writes
-- its deadlines with ids made of the game's new version and their order
-- (version * 256 + position), which no earlier deadline of the game had,
-- and which keeps them in the order they were written when two fall due
-- at once. The deadlines kept here get ids of the game's present version
-- the same way, below every id a later change writes.
CREATE TABLE deadlines_by_key (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    id          INTEGER NOT NULL,
    due_at      INTEGER NOT NULL,
    fired_at    INTEGER,
    payload     TEXT    NOT NULL DEFAULT '',
    paused_left INTEGER,
    PRIMARY KEY (game_id, seat, kind)
) WITHOUT ROWID;

INSERT INTO deadlines_by_key (game_id, seat, kind, id, due_at, fired_at, payload, paused_left)
    SELECT d.game_id, d.seat, d.kind,
        g.version * 256 + (ROW_NUMBER() OVER (PARTITION BY d.game_id ORDER BY d.id)) - 1,
        d.due_at, d.fired_at, d.payload, d.paused_left
    FROM deadlines d JOIN games g ON g.id = d.game_id;

DROP TABLE deadlines;
ALTER TABLE deadlines_by_key RENAME TO deadlines;
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE fired_at IS NULL;
