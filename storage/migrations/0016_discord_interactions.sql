-- Fewer pages written by every move (issue 16: a /move within 3x its
-- floor).
--
-- A handled interaction's row lived in a table without rowid, keyed by
-- its id as text. Discord's ids rise with time, so each row went to the
-- end of that key's tree; but SQLite balances a full leaf of such a tree
-- by sharing its cells out among it and its neighbours, and a row of
-- about 300 bytes at the end made it do so every few moves, rewriting
-- three or four leaves and their parent: two pages a move on average. A
-- rowid table appended at its end starts a new leaf instead, and leaves
-- the full one alone: 1.2 pages. So the interactions Discord numbers
-- (their ids, snowflakes, are decimal numbers of up to 19 digits) are
-- kept in a rowid table keyed by that number; the bot's own ids
-- ("deadline/…") and any other stay in interactions, as before.
CREATE TABLE discord_interactions (
    id    INTEGER PRIMARY KEY,
    reply TEXT    NOT NULL DEFAULT '',
    at    INTEGER NOT NULL
);

-- An id moves when it is the number's own decimal writing (no sign, no
-- leading zero, within 64 bits: the cast back gives the same text).
INSERT INTO discord_interactions (id, reply, at)
    SELECT CAST(id AS INTEGER), reply, at FROM interactions
    WHERE id GLOB '[1-9]*' AND NOT id GLOB '*[^0-9]*' AND CAST(CAST(id AS INTEGER) AS TEXT) = id
    ORDER BY id;
DELETE FROM interactions
    WHERE id GLOB '[1-9]*' AND NOT id GLOB '*[^0-9]*' AND CAST(CAST(id AS INTEGER) AS TEXT) = id;
