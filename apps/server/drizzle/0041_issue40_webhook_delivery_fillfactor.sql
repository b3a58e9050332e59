-- Issue 40: room on each page of the delivery queue, so the claim (locked_until, claimed_by: no index holds them) updates
-- its row in place (a HOT update) instead of writing a new entry into each of the table's four indexes.
ALTER TABLE "webhook_deliveries" SET (fillfactor = 70);
