-- Games: one row per lobby or game. Status moves lobby -> active -> over
-- (or aborted). snapshot is the game state after the last move.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    TEXT    NOT NULL,
    channel_id  TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'aborted')),
    author_id   TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    snapshot    BLOB,
    result      TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- At most one lobby or running game per channel, whatever the code does.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The move log is append-only; an undone move stays, marked.
CREATE TABLE moves (
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
    PRIMARY KEY (game_id, n)
);

-- Private notes: each seat's own history (what it drew, saw, chose).
CREATE TABLE notes (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    move_n  INTEGER NOT NULL,
    text    TEXT    NOT NULL,
    at      INTEGER NOT NULL
);
CREATE INDEX notes_by_seat ON notes (game_id, seat, id);

-- Interactions already handled, so a redelivered one is applied once.
CREATE TABLE interactions (
    id    TEXT    PRIMARY KEY,
    reply TEXT    NOT NULL DEFAULT '',
    at    INTEGER NOT NULL
);

-- Deadlines and reminders: the scheduler's source of truth.
CREATE TABLE deadlines (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    due_at   INTEGER NOT NULL,
    fired_at INTEGER,
    payload  TEXT    NOT NULL DEFAULT '',
    UNIQUE (game_id, seat, kind)
);
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE fired_at IS NULL;

-- Campaigns carried between games on one server.
CREATE TABLE campaigns (
    guild_id   TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    data       BLOB    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game)
);
