-- The version of its game's rules a game was dealt under (0: before
-- versions were recorded, read as 1), so a game saved under older rules is
-- replayed under the new ones or ended with an explanation, never read
-- into a state it was not made for.
ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
