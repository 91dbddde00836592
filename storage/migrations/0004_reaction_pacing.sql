-- A seat's turn clock paused while a decision it does not answer is on
-- top (another player's reaction window): the time it had left, in
-- milliseconds; NULL while the deadline runs.
ALTER TABLE deadlines ADD COLUMN paused_left INTEGER;

-- When each seat was last pinged, so reaction windows ping a seat at most
-- once per configured interval, across restarts.
CREATE TABLE mentions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
