-- vendor_totals is one row per shop rewritten by every order, payout and product change (docs/decisions/019).
-- Its pages were full (fill factor 100), so each update wrote the new row version on another page and a new
-- index entry beside it, and the versions left behind waited for autovacuum's default 20% of the table: 5,000
-- shops grew to 2,674 pages, and every marketplace-wide sum read them all. With room kept on each page the new
-- version stays on its page (a HOT update: no index column changes, so no index entry), and the page's old
-- versions are pruned by the next update that needs the room; autovacuum visits the table after a fixed number
-- of changes, not a share of it. Only the pages written from now on keep the room: VACUUM FULL vendor_totals
-- rewrites the existing ones.
ALTER TABLE "vendor_totals" SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 2000, autovacuum_vacuum_cost_delay = 0);
