-- Indexes for what every move reads and writes, so that its cost does not
-- grow with the database or the game's log. A change replaces its game's
-- deadlines and a command that shows clocks reads them by game: without
-- deadlines_by_game each scanned the deadlines of every game. A move that
-- ends a seat's turn reads and releases the moves held back until then:
-- without moves_held each walked the game's whole log.
CREATE INDEX deadlines_by_game ON deadlines (game_id);
CREATE INDEX moves_held ON moves (game_id, n) WHERE held = 1;
