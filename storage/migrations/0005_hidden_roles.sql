-- A seat whose player resigned: the stand-in plays it until another
-- person takes it over with /join.
ALTER TABLE seats ADD COLUMN resigned INTEGER NOT NULL DEFAULT 0;

-- The players already told in a game's channel that a DM could not reach
-- them: the public fallback is posted once per player and game, never per
-- note, so it cannot mark out whoever receives the most secrets.
CREATE TABLE dm_fallbacks (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
