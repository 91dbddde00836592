-- Board pictures owed to a channel. A move that ends a phase records its
-- picture here in the same transaction as the move, with a copy of the
-- committed state and seats it must show, so the picture is exact even if
-- more moves land before it is drawn. The picture worker draws the rows
-- after the commit, posts them in id order per channel (phase order), and
-- deletes each once posted; rows left by a process that stopped are
-- drawn by the next one.
CREATE TABLE pictures_owed (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id    TEXT NOT NULL,
    move_n        INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    snapshot      BLOB NOT NULL,
    seats         TEXT NOT NULL,
    caption       TEXT NOT NULL,
    owed_at       INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pictures_owed_channel ON pictures_owed (channel_id, id);
