-- A seat's own picture owed by DM. A move that changes what a seat may see
-- sends the seat's private notes at once and owes its private picture
-- here, drawn by the picture worker after the reply like a channel's
-- board. user_id is the person the DM goes to and seat the seat whose
-- view is drawn; a channel's board keeps user_id '' and seat -1.
ALTER TABLE pictures_owed ADD COLUMN user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE pictures_owed ADD COLUMN seat INTEGER NOT NULL DEFAULT -1;
