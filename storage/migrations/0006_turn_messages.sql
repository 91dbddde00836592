-- A move whose public lines the channel has not been shown yet: a
-- sub-step of a seat's turn, answered to its player alone until the turn
-- passes or the phase ends, when the channel gets one message for all of
-- them.
ALTER TABLE moves ADD COLUMN held INTEGER NOT NULL DEFAULT 0;

-- A digest of the public view the channel's last board image showed, so a
-- phase that changed nothing visible posts no second copy of it.
ALTER TABLE games ADD COLUMN board_digest TEXT NOT NULL DEFAULT '';
