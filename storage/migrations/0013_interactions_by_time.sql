-- Handled interactions are pruned once no redelivery can come (see
-- PruneInteractions): without this index each pruning scanned the whole
-- table, which grows by a row for every move, button and join.
CREATE INDEX interactions_by_at ON interactions (at);
