-- A seat played by the stand-in bot while its player is absent.
ALTER TABLE seats ADD COLUMN standin INTEGER NOT NULL DEFAULT 0;

-- Per-user preferences and away mode, across games.
CREATE TABLE users (
    user_id    TEXT    PRIMARY KEY,
    away_until INTEGER NOT NULL DEFAULT 0,
    notify_dm  INTEGER NOT NULL DEFAULT 1
);

-- Votes to end an abandoned game.
CREATE TABLE votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind, user_id)
);

-- The campaign a game started from, so its setup can be replayed exactly
-- after the server's campaign has moved on.
ALTER TABLE games ADD COLUMN start_campaign BLOB;
