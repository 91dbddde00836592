-- Every change of a game replaces its deadlines and every command that
-- shows its clocks reads them by game: without this index each of those
-- scanned the deadlines of every game in the database.
CREATE INDEX deadlines_by_game ON deadlines (game_id);
