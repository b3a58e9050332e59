-- Claiming a delivery changes only columns outside its indexes; free space on each page lets PostgreSQL do that as a
-- HOT update (no new index entries), which is most of the delivery queue's write traffic.
ALTER TABLE "webhook_deliveries" SET (fillfactor = 70);
