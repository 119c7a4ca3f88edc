/**
 * The benchmark marketplace's ledger as the triggers would have written it (docs/decisions/021), made in bulk
 * after the orders and payouts were loaded with the triggers off: for every order completed (or completed, then
 * refunded) a sale entry on the day it was placed, and its refund on the day it was last changed; for every
 * payout its request, then its payment or return when it was decided. No commission rule (the specification's
 * balances): a sale is the shop's total against the marketplace's cash. Each shop's lines are numbered in time
 * order with the balance after each, as the lines' trigger numbers them; the running totals (ledger_balances,
 * ledger_days) are rebuilt from the lines afterwards by rebuildTotals. A statement then has a line per sale, so
 * the largest shop's (a fifth of all orders) is the statement benchmark's.
 */

type Query = (text: string) => Promise<unknown>

export async function writeLedgerHistory(q: Query): Promise<void> {
  // One row per event: the entry it makes, the shop's side (if any) and the other account's.
  await q(`create temporary table bench_events as
    select gen_random_uuid() as entry_id, o.vendor_id, o.created_at + interval '1 minute' as at, 'sale' as entry_kind,
      o.id as order_id, null::uuid as payout_id, 'sale' as line_kind, o.total_amount as shop_amount,
      'marketplace_cash' as other_account, -o.total_amount as other_amount
    from orders o where o.status in ('completed', 'refunded') and o.total_amount > 0
    union all
    select gen_random_uuid(), o.vendor_id, greatest(o.updated_at, o.created_at + interval '2 minutes'), 'refund',
      o.id, null, 'refund', -o.total_amount, 'marketplace_cash', o.total_amount
    from orders o where o.status = 'refunded' and o.total_amount > 0
    union all
    select gen_random_uuid(), p.vendor_id, p.requested_at, 'payout_requested', null, p.id, 'payout', -p.amount,
      'payouts_in_transit', p.amount
    from payouts p
    union all
    select gen_random_uuid(), p.vendor_id, p.processed_at, 'payout_returned', null, p.id, 'payout_returned', p.amount,
      'payouts_in_transit', -p.amount
    from payouts p where p.status = 'rejected' and p.processed_at is not null
    union all
    select gen_random_uuid(), p.vendor_id, p.processed_at, 'payout_paid', null, p.id, 'payout_paid', null,
      'payouts_in_transit', -p.amount
    from payouts p where p.status = 'approved' and p.processed_at is not null`)
  // A refund names the sale it reverses (each sale reversed at most once: the unique index holds it).
  await q(`insert into ledger_entries (id, kind, vendor_id, order_id, payout_id, reverses_id, created_at)
    select e.entry_id, e.entry_kind, e.vendor_id, e.order_id, e.payout_id, s.entry_id, e.at
    from bench_events e
    left join bench_events s on e.entry_kind = 'refund' and s.order_id = e.order_id and s.entry_kind = 'sale'`)
  // The shop's lines, numbered in time order with the balance after each.
  await q(`insert into ledger_lines (entry_id, account, vendor_id, kind, amount, available_at, seq, balance_after, created_at)
    select entry_id, 'vendor_payable', vendor_id, line_kind, shop_amount, at,
      row_number() over w, sum(shop_amount) over (w rows between unbounded preceding and current row), at
    from bench_events where shop_amount is not null
    window w as (partition by vendor_id order by at, entry_id)`)
  // The marketplace's lines: the other side of each entry; a payment also takes the cash out.
  await q(`insert into ledger_lines (entry_id, account, vendor_id, kind, amount, available_at, created_at)
    select entry_id, other_account, vendor_id, line_kind, other_amount, at, at from bench_events
    union all
    select entry_id, 'marketplace_cash', vendor_id, 'payout_paid', -other_amount, at, at
    from bench_events where entry_kind = 'payout_paid'`)
  await q(`drop table bench_events`)
}
