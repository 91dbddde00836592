-- Which seats won a finished game, for /stats.
ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;

-- Finished games of a channel, newest first, for /history and for /status
-- and /log between games.
CREATE INDEX games_by_channel ON games (channel_id, updated_at);
