-- Messages the bot keeps up to date by editing them (a channel's game
-- summary), by channel and key.
CREATE TABLE keyed_messages (
    channel_id TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (channel_id, key)
);
