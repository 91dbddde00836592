-- Fewer pages written by a move (issue 16: a /move within 3x its floor).
--
-- The move log was a rowid table with its key (game_id, n) in a second
-- B-tree: every appended move wrote a leaf of each. Without a rowid the
-- row lives in its key's tree, one page fewer a move, found and ordered
-- by the same key.
CREATE TABLE moves_by_key (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    text    TEXT    NOT NULL,
    secret  INTEGER NOT NULL DEFAULT 0,
    public  TEXT    NOT NULL DEFAULT '',
    reveals INTEGER NOT NULL DEFAULT 0,
    by_user TEXT    NOT NULL DEFAULT '',
    at      INTEGER NOT NULL,
    undone  INTEGER NOT NULL DEFAULT 0,
    held    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
INSERT INTO moves_by_key (game_id, n, seat, text, secret, public, reveals, by_user, at, undone, held)
    SELECT game_id, n, seat, text, secret, public, reveals, by_user, at, undone, held FROM moves ORDER BY game_id, n;
DROP TABLE moves;
ALTER TABLE moves_by_key RENAME TO moves;

-- The moves held back from the channel were found through a partial
-- index, moves_held, written whenever a move was held and again when it
-- was shown: a page of most Escape Plan and heist moves. The game's row,
-- which every change writes anyway, now keeps the number of the first
-- move that may still be held (0: none is), and the held moves are read
-- from there to the end of the log by its key.
ALTER TABLE games ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0;
UPDATE games SET held_from = COALESCE((SELECT MIN(m.n) FROM moves m WHERE m.game_id = games.id AND m.held = 1 AND m.undone = 0), 0);

-- deadlines_by_game repeated the first column of the key of
-- UNIQUE (game_id, seat, kind), which already finds a game's deadlines
-- (SQLite's plan for the load and for replacing them uses that key): a
-- change that replaces deadlines wrote both.
DROP INDEX deadlines_by_game;

-- Handled interactions are pruned by their key (see PruneInteractions):
-- a Discord id rises with time, so the old rows are found at the start
-- of the key's order. The index by time, a page written by every move,
-- goes.
DROP INDEX interactions_by_at;
