import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import {
  auditActions,
  categories,
  languages,
  messageTypes,
  orderStatuses,
  payoutMethods,
  payoutStatuses,
  plans,
  productStatuses,
  roles,
  subscriptionStatuses,
  vendorStatuses,
} from '../../shared/constants'
import { fileVisibilities, purposeVisibility, uploadPurposes } from '../../shared/schemas/upload'
import { districts } from '../../shared/rwanda'
import { adjustmentStatuses, ledgerAccounts, ledgerEntryKinds, ledgerLineKinds } from '../../shared/ledger'
import {
  failureReasons,
  paymentProviders,
  payoutBatchStatuses,
  reconciliationKinds,
  smsStatuses,
  transferDirections,
  transferStatuses,
} from '../../shared/payments'

const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
/** Money is whole Rwandan francs. */
const rwf = (name: string) => bigint(name, { mode: 'number' })
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`)

const publicPurposes = uploadPurposes.filter((purpose) => purposeVisibility[purpose] === 'public')

export type FileRef = { url: string; name: string; type: string }
export type VariantAttributes = { color?: string; size?: string; color_name?: string; size_name?: string }

// ── Accounts (the auth library's tables, with the specification's users profile merged in) ──

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: roles }).notNull().default('vendor'),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** The interface language the user last used: mail to them is written in it (null until they sign in). */
    language: text('language', { enum: languages }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', oneOf('role', roles)),
    check('users_language_check', sql`language is null or ${oneOf('language', languages)}`),
    index('users_role_idx').on(t.role),
    // Admin searches by an owner's or an actor's e-mail and name, anywhere in them (ILIKE '%…%').
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_unique').on(t.providerId, t.accountId),
  ],
)

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/** What a one-time link is for: confirming an e-mail, creating the first admin, joining the admin team. */
export const tokenPurposes = ['confirm_email', 'admin_setup', 'admin_invite'] as const

/**
 * E-mail confirmation links, the first-admin setup link and the invitations to the admin team (whose token names
 * the invited account): only a hash is stored; each works once.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('one_time_tokens_purpose_check', oneOf('purpose', tokenPurposes)),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
)

/** Fixed-window counters shared by every app process (sign-in throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/** Every mail the product sends; without SMTP it stays here (and its link is printed in the log). */
const mailStatuses = ['queued', 'outbox', 'sent', 'failed'] as const

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The link the mail carries, logged when there is no SMTP server so the mail can still be followed. */
    link: text('link'),
    /**
     * queued: written in the transaction of the change it tells of, waiting for delivery; outbox: kept
     * here (no SMTP server); sent; failed: given up after the last attempt.
     */
    status: text('status', { enum: mailStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_queued_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
  ],
)

// ── Marketplace ──

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopName: text('shop_name').notNull(),
    businessAddress: text('business_address').notNull(),
    phone: text('phone'),
    shopLogo: text('shop_logo'),
    govId: text('gov_id'),
    businessDocuments: jsonb('business_documents').$type<FileRef[]>().notNull().default([]),
    idDocuments: jsonb('id_documents').$type<FileRef[]>().notNull().default([]),
    payoutMethod: text('payout_method', { enum: payoutMethods }),
    payoutDetails: jsonb('payout_details').$type<Record<string, string>>(),
    status: text('status', { enum: vendorStatuses }).notNull().default('pending'),
    subscriptionPlan: text('subscription_plan', { enum: plans }).notNull().default('starter'),
    subscriptionStartsAt: timestamp('subscription_starts_at', { withTimezone: true }).notNull().defaultNow(),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses })
      .notNull()
      .default('active'),
    /** A paid plan the vendor chose, waiting for an admin to confirm its payment; the current plan holds. */
    requestedPlan: text('requested_plan', { enum: plans }),
    /** Why an admin rejected the application (optional), shown to the vendor. */
    decisionReason: text('decision_reason'),
    /** A variant with this many or fewer in stock counts as low on the shop's screens (step 10, B.4). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** The shop's taxpayer number at the Rwanda Revenue Authority (9 digits), for statements and invoices. */
    tin: text('tin'),
    /** Whether the shop is registered for VAT (its statements say so). */
    vatRegistered: boolean('vat_registered').notNull().default(false),
    /** The owner asked for no SMS (payouts paid or failed, fees received); mail still tells them. */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('vendors_user_unique').on(t.userId),
    // CSV import finds vendors by shop name, so two shops may not differ only by case.
    uniqueIndex('vendors_shop_name_lower_unique').on(sql`lower(${t.shopName})`),
    check('vendors_status_check', oneOf('status', vendorStatuses)),
    check(
      'vendors_payout_method_check',
      sql`payout_method is null or ${oneOf('payout_method', payoutMethods)}`,
    ),
    check('vendors_plan_check', oneOf('subscription_plan', plans)),
    check('vendors_requested_plan_check', sql`requested_plan is null or ${oneOf('requested_plan', plans)}`),
    check('vendors_subscription_status_check', oneOf('subscription_status', subscriptionStatuses)),
    check('vendors_business_documents_max', sql`jsonb_array_length(business_documents) <= 5`),
    check('vendors_id_documents_max', sql`jsonb_array_length(id_documents) <= 3`),
    check('vendors_low_stock_threshold_check', sql`low_stock_threshold between 0 and 1000000`),
    check('vendors_tin_check', sql`tin is null or tin ~ '^[0-9]{9}$'`),
    // Lists are newest first by (time, id) and page by cursor on that pair: docs/decisions/012.
    index('vendors_created_idx').on(t.createdAt, t.id),
    index('vendors_status_created_idx').on(t.status, t.createdAt, t.id),
    index('vendors_shop_name_trgm_idx').using('gin', t.shopName.op('gin_trgm_ops')),
    // The clean-up of unattached files asks, file by file, whether a shop refers to it (uploads.service.ts).
    index('vendors_shop_logo_idx').on(t.shopLogo),
    index('vendors_gov_id_idx').on(t.govId),
    // No pending list (fastupdate): each probe reads the index alone, not a list of recent entries beside it.
    index('vendors_business_documents_idx')
      .using('gin', t.businessDocuments.op('jsonb_path_ops'))
      .with({ fastupdate: false }),
    index('vendors_id_documents_idx')
      .using('gin', t.idDocuments.op('jsonb_path_ops'))
      .with({ fastupdate: false }),
  ],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: categories }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status', { enum: productStatuses }).notNull().default('approved'),
    /** Bumped by every edit: a save from a form opened before another change is refused (products.service.ts). */
    version: integer('version').notNull().default(1),
    /** Why an admin rejected the product (optional), shown to the vendor. */
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_vendor_name_lower_unique').on(t.vendorId, sql`lower(${t.name})`),
    // Lets variants prove, through a foreign key, that they belong to the same vendor as their product.
    unique('products_id_vendor_unique').on(t.id, t.vendorId),
    check('products_category_check', oneOf('category', categories)),
    check('products_status_check', oneOf('status', productStatuses)),
    check('products_images_max', sql`jsonb_typeof(images) = 'array' and jsonb_array_length(images) <= 6`),
    index('products_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('products_status_created_idx').on(t.status, t.createdAt, t.id),
    // Report ranges count the products created since a day (reports.service.ts); the moderation list pages on it.
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('products_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // The clean-up of unattached files asks, file by file, whether a product shows it (uploads.service.ts).
    // No pending list (fastupdate): a probe read every image path added since the last vacuum (6.5 ms a file
    // after 100,000 products were added, 0.01 ms once vacuumed).
    index('products_images_idx').using('gin', t.images.op('jsonb_path_ops')).with({ fastupdate: false }),
  ],
)

export const variants = pgTable(
  'variants',
  {
    id: id(),
    productId: uuid('product_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    sku: text('sku').notNull(),
    price: rwf('price').notNull(),
    stock: integer('stock').notNull().default(100),
    /** Bumped by every stock change (an order) and every edit, for the same stale-save check. */
    version: integer('version').notNull().default(1),
    attributes: jsonb('attributes').$type<VariantAttributes>().notNull().default({}),
    /** Set instead of deleting when an order still points at the variant. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'variants_product_vendor_fk',
      columns: [t.productId, t.vendorId],
      foreignColumns: [products.id, products.vendorId],
    }).onDelete('cascade'),
    uniqueIndex('variants_vendor_sku_lower_unique').on(t.vendorId, sql`lower(${t.sku})`),
    check('variants_stock_check', sql`stock >= 0`),
    check('variants_price_check', sql`price >= 0`),
    index('variants_product_idx').on(t.productId),
    // The shop's low-stock count (its dashboard) reads its live variants by stock, not all of them.
    index('variants_vendor_low_stock_idx')
      .on(t.vendorId, t.stock)
      .where(sql`archived_at is null`),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    // The order outlives later edits or deletion of its product: references become null, the snapshot stays.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    attributes: jsonb('attributes').$type<VariantAttributes>().notNull().default({}),
    unitPrice: rwf('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    totalAmount: rwf('total_amount').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    // Where and to whom the goods go (README: beyond the specification): all optional, checked when given. The
    // phone is E.164; the district one of Rwanda's 30 (shared/rwanda.ts), its province following from it.
    customerPhone: text('customer_phone'),
    deliveryDistrict: text('delivery_district'),
    deliverySector: text('delivery_sector'),
    deliveryCell: text('delivery_cell'),
    deliveryAddress: text('delivery_address'),
    deliveryNote: text('delivery_note'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the order search reads (orders.queries.ts): the customer's name and e-mail and the product's name, in
     * lower case, one per line, kept by the database. A case-sensitive LIKE on it costs a fifth of ILIKE on the
     * three columns (which lowers each of them for every row a search walks), and one trigram index serves it.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(customer_name || chr(10) || customer_email || chr(10) || product_name)`,
    ),
  },
  (t) => [
    check('orders_quantity_check', sql`quantity >= 1`),
    check('orders_unit_price_check', sql`unit_price >= 0`),
    check('orders_total_check', sql`total_amount >= 0`),
    check('orders_status_check', oneOf('status', orderStatuses)),
    check(
      'orders_customer_phone_check',
      sql`customer_phone is null or customer_phone ~ '^\\+[1-9][0-9]{6,14}$'`,
    ),
    check(
      'orders_delivery_district_check',
      sql`delivery_district is null or ${oneOf('delivery_district', districts)}`,
    ),
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('orders_vendor_status_created_idx').on(t.vendorId, t.status, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('orders_customer_phone_trgm_idx').using('gin', t.customerPhone.op('gin_trgm_ops')),
    index('orders_variant_idx').on(t.variantId),
    index('orders_product_idx').on(t.productId),
    // The orders of deleted products, found by the name they kept (the report's top products name them so).
    index('orders_gone_product_idx')
      .on(t.vendorId, sql`lower(${t.productName})`)
      .where(sql`product_id is null`),
  ],
)

/**
 * One record per real order import (README: beyond the specification): the file by the SHA-256 of its bytes, who
 * imported it, when, and how many orders it created. The same file again within a day is refused unless the admin
 * confirms it (order-import.ts). finished_at is null while the import runs (and stays so if it never finished).
 */
export const orderImports = pgTable(
  'order_imports',
  {
    id: id(),
    contentHash: text('content_hash').notNull(),
    fileName: text('file_name').notNull().default(''),
    importedBy: uuid('imported_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rows: integer('rows').notNull().default(0),
    ordersCreated: integer('orders_created').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('order_imports_hash_check', sql`content_hash ~ '^[0-9a-f]{64}$'`),
    index('order_imports_hash_created_idx').on(t.contentHash, t.createdAt),
    index('order_imports_imported_by_idx').on(t.importedBy),
  ],
)

/**
 * The time a payout was pending, (requested_at, decided]: open-ended while it is pending (migration 0013's
 * function payout_pending_span). It was pending at an instant after its request when its span holds that
 * instant; a GiST index finds those among every payout ever made by looking at the few that do.
 */
export const payoutPendingSpan = (t: {
  requestedAt: AnyPgColumn
  processedAt: AnyPgColumn
  status: AnyPgColumn
}) => sql`payout_pending_span(${t.requestedAt}, ${t.processedAt}, ${t.status})`

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    amount: rwf('amount').notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    /** Why an admin rejected the payout (optional), shown to the vendor. */
    decisionReason: text('decision_reason'),
    /** How an approved payout was paid (a mobile-money transaction id, a bank reference), optional. */
    paymentReference: text('payment_reference'),
    /** The mobile-money provider sending it (step 12); null: paid by hand, its approval is its payment. */
    provider: text('provider', { enum: paymentProviders }),
    /** Where its transfer stands (money_transfers keeps the details); null for a payout paid by hand. */
    transferStatus: text('transfer_status', { enum: transferStatuses }),
  },
  (t) => [
    check('payouts_amount_check', sql`amount > 0`),
    check('payouts_status_check', oneOf('status', payoutStatuses)),
    check('payouts_provider_check', sql`provider is null or ${oneOf('provider', paymentProviders)}`),
    check(
      'payouts_transfer_check',
      sql`(provider is null) = (transfer_status is null) and (transfer_status is null or ${oneOf('transfer_status', transferStatuses)})`,
    ),
    index('payouts_transfer_idx')
      .on(t.transferStatus, t.processedAt)
      .where(sql`transfer_status is not null`),
    index('payouts_requested_idx').on(t.requestedAt, t.id),
    index('payouts_vendor_requested_idx').on(t.vendorId, t.requestedAt, t.id),
    index('payouts_status_requested_idx').on(t.status, t.requestedAt, t.id),
    // Reports count the payouts pending when their range began: those whose span holds that instant.
    index('payouts_pending_span_idx').using('gist', payoutPendingSpan(t)),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: id(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null means the admin team: every admin sees it (README: deliberate divergences). */
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    replyToId: uuid('reply_to_id'),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    type: text('type', { enum: messageTypes }).notNull().default('general'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Who answered a message to the admin team, and when: two admins do not reply twice (step 10, B.5). */
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'messages_reply_to_fk', columns: [t.replyToId], foreignColumns: [t.id] }).onDelete(
      'set null',
    ),
    check('messages_type_check', oneOf('type', messageTypes)),
    check('messages_content_check', sql`length(btrim(content)) > 0`),
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('messages_receiver_created_idx').on(t.receiverId, t.createdAt, t.id),
    // The unread count of a viewer (or of the admin team: receiver null).
    index('messages_unread_idx')
      .on(t.receiverId)
      .where(sql`read_at is null`),
    index('messages_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
    index('messages_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
)

/** Append-only: a trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action', { enum: auditActions }).notNull(),
    targetTable: text('target_table').notNull(),
    targetId: text('target_id').notNull(),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The request the change came from: its id (as in the server log), the client's address and browser. */
    requestId: text('request_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /**
     * What the search reads of an entry (audit-logs.queries.ts): its target table and id, its details and its old
     * and new values (JSON, as text), one per line (a search cannot match across two of them), lower-cased and
     * kept by the database through the immutable function of migration 0012. One text and one trigram index: a
     * search tests one stored text per entry, where building it from the JSON for every entry a search re-checks
     * cost ten times as much (migration 0024).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(audit_search_text(target_table, target_id, details, old_values, new_values))`,
    ),
  },
  (t) => [
    check('audit_logs_action_check', oneOf('action', auditActions)),
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt, t.id),
    // The search looks in the target and in the values kept as JSON, read as one text (searchText), and in who
    // acted (through the next index, which also holds all that a search's sample reads of an entry: its id and
    // action, so the acting accounts' newest entries are read from the index alone, audit-logs.queries.ts).
    index('audit_logs_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('audit_logs_admin_created_idx').on(t.adminId, t.createdAt, t.id, t.action),
    // One record's history (an order's details dialog).
    index('audit_logs_target_idx').on(t.targetTable, t.targetId, t.createdAt),
  ],
)

/**
 * Every uploaded file: the bytes are in the file store under storage_key (and thumb_key for images), the row
 * says whose it is and who may read it. The owner's user row cannot be deleted while files remain
 * (restrict): a cascade would drop the rows and leave the bytes, identity documents included, in the store
 * with nothing pointing at them; deleting a user must go through a service that removes the objects first.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: uploadPurposes }).notNull(),
    visibility: text('visibility', { enum: fileVisibilities }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_purpose_check', oneOf('purpose', uploadPurposes)),
    check('files_visibility_check', oneOf('visibility', fileVisibilities)),
    // Identity and business documents can never be made public, whatever a code path does.
    check(
      'files_visibility_matches_purpose',
      sql`(${oneOf('purpose', publicPurposes)}) = (visibility = 'public')`,
    ),
    check('files_size_check', sql`size >= 0`),
    index('files_owner_created_idx').on(t.ownerUserId, t.createdAt),
    // The clean-up walks the files older than a day in upload order, a batch at a time.
    index('files_created_idx').on(t.createdAt, t.id),
  ],
)

// ── Money (docs/decisions/021): the ledger every franc goes through, commission rules and settings ──

/**
 * The marketplace's money settings (one row, id 1): VAT on its commission, the hold on sales, the debt past which
 * a shop is held back, the adjustment size that needs a second admin, and the marketplace's own tax identity.
 */
export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    id: integer('id').primaryKey(),
    /** VAT charged on the marketplace's commission, in basis points (1800 = 18%). */
    vatRateBp: integer('vat_rate_bp').notNull().default(1800),
    /** A completed sale becomes available to pay out this many days later (0: at once). */
    holdDays: integer('hold_days').notNull().default(0),
    /** A shop owing more than this (RWF) cannot request payouts or take new orders; null: no limit. */
    debtLimit: rwf('debt_limit'),
    /** An adjustment of more than this (RWF, either way) posts only once a second admin approves it. */
    adjustmentApprovalAbove: rwf('adjustment_approval_above').notNull().default(100000),
    /** A mobile-money payout, or a batch, of more than this (RWF) is sent only once a second admin approves it. */
    payoutApprovalAbove: rwf('payout_approval_above').notNull().default(1000000),
    /** The dashboard warns when a provider's float is below this (RWF). */
    lowFloatBelow: rwf('low_float_below').notNull().default(2000000),
    /**
     * Built by `npm run demo`: with no PAYOUT_PROVIDER or SMS_PROVIDER set, the server sends through the fakes
     * (src/dev/fakes), so the demo shows money moving with nothing configured.
     */
    isDemo: boolean('is_demo').notNull().default(false),
    marketplaceName: text('marketplace_name').notNull().default('Isoko'),
    marketplaceTin: text('marketplace_tin'),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  () => [
    check('marketplace_settings_single_row', sql`id = 1`),
    check('marketplace_settings_vat_check', sql`vat_rate_bp between 0 and 10000`),
    check('marketplace_settings_hold_check', sql`hold_days between 0 and 90`),
    check('marketplace_settings_debt_check', sql`debt_limit is null or debt_limit >= 0`),
    check('marketplace_settings_adjustment_check', sql`adjustment_approval_above >= 0`),
    check('marketplace_settings_payout_approval_check', sql`payout_approval_above >= 0`),
    check('marketplace_settings_low_float_check', sql`low_float_below >= 0`),
    check('marketplace_settings_tin_check', sql`marketplace_tin is null or marketplace_tin ~ '^[0-9]{9}$'`),
  ],
)

/**
 * A commission rule: the marketplace's default (no shop, category or plan), a plan's, a category's, a shop's, or a
 * shop's in one category. The most specific rule that applies to an order wins (shop and category, shop,
 * category, plan, default). Commission = rate × the order's total + the fixed amount, then raised to the minimum
 * and lowered to the maximum, never more than the total.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    category: text('category', { enum: categories }),
    plan: text('plan', { enum: plans }),
    rateBp: integer('rate_bp').notNull().default(0),
    fixedAmount: rwf('fixed_amount').notNull().default(0),
    minAmount: rwf('min_amount'),
    maxAmount: rwf('max_amount'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commission_rules_scope_unique').on(
      sql`coalesce(${t.vendorId}::text, '')`,
      sql`coalesce(${t.category}, '')`,
      sql`coalesce(${t.plan}, '')`,
    ),
    check('commission_rules_plan_alone', sql`plan is null or (vendor_id is null and category is null)`),
    check('commission_rules_category_check', sql`category is null or ${oneOf('category', categories)}`),
    check('commission_rules_plan_check', sql`plan is null or ${oneOf('plan', plans)}`),
    check('commission_rules_rate_check', sql`rate_bp between 0 and 10000`),
    check('commission_rules_fixed_check', sql`fixed_amount >= 0`),
    check(
      'commission_rules_bounds_check',
      sql`(min_amount is null or min_amount >= 0) and (max_amount is null or max_amount >= 0)
        and (min_amount is null or max_amount is null or min_amount <= max_amount)`,
    ),
  ],
)

/**
 * One balanced transaction: what caused it (an order, a payout, an adjustment, a plan's fee) and, for a
 * reversal, the entry it reverses (at most once). Append-only (migration 0020): a correction is a new entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** The order, payout or adjustment the entry comes from; no foreign key: an order may be deleted since. */
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id'),
    adjustmentId: uuid('adjustment_id'),
    reversesId: uuid('reverses_id'),
    /** For a sale: the commission rule and amounts frozen when the order completed. */
    memo: jsonb('memo').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'ledger_entries_reverses_fk', columns: [t.reversesId], foreignColumns: [t.id] }),
    check('ledger_entries_kind_check', oneOf('kind', ledgerEntryKinds)),
    uniqueIndex('ledger_entries_reverses_unique')
      .on(t.reversesId)
      .where(sql`reverses_id is not null`),
    index('ledger_entries_order_idx')
      .on(t.orderId, t.createdAt)
      .where(sql`order_id is not null`),
    index('ledger_entries_payout_idx')
      .on(t.payoutId)
      .where(sql`payout_id is not null`),
    index('ledger_entries_created_idx').on(t.createdAt),
  ],
)

/**
 * An entry's lines: an amount credited (positive) or debited (negative) to an account. A shop's lines (account
 * vendor_payable) are numbered in the order they moved its balance (seq, from 1) and carry the balance after them,
 * so a statement page reads its lines and nothing else; available_at is when a sale's money may be paid out.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ledgerLineKinds }).notNull(),
    amount: rwf('amount').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    seq: bigint('seq', { mode: 'number' }),
    balanceAfter: rwf('balance_after'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_lines_account_check', oneOf('account', ledgerAccounts)),
    check('ledger_lines_kind_check', oneOf('kind', ledgerLineKinds)),
    check('ledger_lines_amount_check', sql`amount <> 0`),
    check('ledger_lines_vendor_check', sql`account <> 'vendor_payable' or vendor_id is not null`),
    index('ledger_lines_entry_idx').on(t.entryId),
    uniqueIndex('ledger_lines_statement_idx')
      .on(t.vendorId, t.seq)
      .where(sql`account = 'vendor_payable'`),
    index('ledger_lines_statement_created_idx')
      .on(t.vendorId, t.createdAt)
      .where(sql`account = 'vendor_payable'`),
    // What is still held: the few lines of a shop not yet available.
    index('ledger_lines_held_idx')
      .on(t.vendorId, t.availableAt)
      .where(sql`account = 'vendor_payable'`),
    index('ledger_lines_account_created_idx').on(t.account, t.createdAt),
  ],
)

/**
 * Each account's balance (the sum of its lines) and number of lines, kept by the ledger's triggers in the
 * transaction of every line; owner is the shop for vendor_payable and the nil uuid for the marketplace's accounts.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    account: text('account', { enum: ledgerAccounts }).notNull(),
    owner: uuid('owner').notNull(),
    balance: rwf('balance').notNull().default(0),
    lines: bigint('lines', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.account, t.owner] })],
)

/**
 * The marketplace's accounts per calendar day of report_calendar's time zone (as order_days): what each moved that
 * day, credit positive. The reports read commission earned, VAT on it, fees and adjustments of a range from its
 * days, a few rows a day, however many sales (docs/decisions/021).
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    amount: rwf('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.account] })],
)

/**
 * Each shop's own lines (vendor_payable) per calendar day of report_calendar's time zone and kind of line: what
 * they moved that day. A statement's month totals by kind are its days' rows, 31 at most per kind, however many
 * lines the month has (migration 0022, docs/decisions/021). Kept by the lines' statement trigger, in the
 * shop's own order (its balance row is locked first).
 */
export const ledgerShopDays = pgTable(
  'ledger_shop_days',
  {
    vendorId: uuid('vendor_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ledgerLineKinds }).notNull(),
    amount: rwf('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day, t.kind] })],
)

/**
 * Each shop's monthly statement mail, once per shop and month: the row is written in the transaction that queues
 * the mail, so several processes (or a restart mid-run) never mail a month twice.
 */
export const statementMailings = pgTable(
  'statement_mailings',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The month's first day (YYYY-MM-01), in the marketplace's time zone. */
    month: date('month', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.month] })],
)

/**
 * A manual credit (positive) or debit (negative) of a shop, with its reason. Above the operator's threshold it
 * waits for a second admin (pending); it posts as one ledger entry, or is rejected.
 */
export const ledgerAdjustments = pgTable(
  'ledger_adjustments',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    amount: rwf('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: adjustmentStatuses }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_adjustments_amount_check', sql`amount <> 0`),
    check('ledger_adjustments_status_check', oneOf('status', adjustmentStatuses)),
    check('ledger_adjustments_reason_check', sql`length(btrim(reason)) > 0`),
    check('ledger_adjustments_second_admin', sql`decided_by is null or decided_by <> requested_by`),
    index('ledger_adjustments_vendor_idx').on(t.vendorId, t.createdAt),
    index('ledger_adjustments_status_idx').on(t.status, t.createdAt),
  ],
)

// ── Payments (step 12, docs/payments.md): money sent and collected through mobile-money providers ──

/**
 * Payouts sent together ("Pay all approved"). A batch above the operator's threshold waits for a second admin
 * (awaiting_approval) before any of its payouts is sent; its progress is its transfers' statuses.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    status: text('status', { enum: payoutBatchStatuses }).notNull(),
    total: rwf('total').notNull(),
    count: integer('count').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payout_batches_status_check', oneOf('status', payoutBatchStatuses)),
    check('payout_batches_second_admin', sql`approved_by is null or approved_by <> created_by`),
    index('payout_batches_created_idx').on(t.createdAt),
  ],
)

/**
 * One transfer through a provider: a payout to a shop's number, or a plan's fee requested from it. Its id is
 * the reference the provider knows it by, written before the first call and never replaced, so asking the
 * provider about it after any crash finds the same transfer (docs/payments.md: sending exactly once).
 */
export const moneyTransfers = pgTable(
  'money_transfers',
  {
    id: id(),
    direction: text('direction', { enum: transferDirections }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    status: text('status', { enum: transferStatuses }).notNull().default('queued'),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    /** For a collection: the plan its fee starts once paid. */
    plan: text('plan', { enum: plans }),
    amount: rwf('amount').notNull(),
    /** E.164 digits without the plus (2507…). */
    msisdn: text('msisdn').notNull(),
    batchId: uuid('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    /** Calls that sent it (more than one only when the provider said it never arrived: same reference). */
    sendCount: integer('send_count').notNull().default(0),
    /** Status checks made; the next one is due at next_check_at (backoff). Also the claim of a worker. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    providerTransactionId: text('provider_transaction_id'),
    failureReason: text('failure_reason', { enum: failureReasons }),
    /** The provider's own words for a failure, kept for the operator (never shown with secrets). */
    providerMessage: text('provider_message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A person who settled an unknown transfer by hand, after checking with the provider. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('money_transfers_direction_check', oneOf('direction', transferDirections)),
    check('money_transfers_provider_check', oneOf('provider', paymentProviders)),
    check('money_transfers_status_check', oneOf('status', transferStatuses)),
    check('money_transfers_amount_check', sql`amount > 0`),
    check(
      'money_transfers_cause_check',
      sql`(direction = 'payout' and payout_id is not null and plan is null)
        or (direction = 'collection' and payout_id is null and plan is not null)`,
    ),
    check(
      'money_transfers_reason_check',
      sql`failure_reason is null or ${oneOf('failure_reason', failureReasons)}`,
    ),
    // A payout is sent under one reference, ever: a failed one is not retried under a new one.
    uniqueIndex('money_transfers_payout_unique')
      .on(t.payoutId)
      .where(sql`payout_id is not null`),
    index('money_transfers_due_idx')
      .on(t.nextCheckAt)
      .where(sql`status in ('queued', 'sending')`),
    index('money_transfers_status_idx').on(t.status, t.createdAt),
    index('money_transfers_vendor_idx').on(t.vendorId, t.createdAt),
    index('money_transfers_batch_idx')
      .on(t.batchId)
      .where(sql`batch_id is not null`),
    // A provider's transaction pays one transfer: a transaction id typed twice by hand is refused.
    uniqueIndex('money_transfers_provider_tx_unique')
      .on(t.provider, t.providerTransactionId)
      .where(sql`provider_transaction_id is not null`),
  ],
)

/** Each provider's float as last read (the worker reads it every few minutes): the dashboard's figure. */
export const providerBalances = pgTable('provider_balances', {
  provider: text('provider', { enum: paymentProviders }).primaryKey(),
  balance: rwf('balance').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A provider's statement checked against Isoko: imported by an admin, or the daily check. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: id(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The days the statement covers, in the marketplace's time zone. */
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    fileName: text('file_name'),
    /** Lines read from the statement, and those that matched a transfer of Isoko's exactly. */
    lines: integer('lines').notNull(),
    matched: integer('matched').notNull(),
    differences: integer('differences').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reconciliation_runs_provider_check', oneOf('provider', paymentProviders)),
    index('reconciliation_runs_created_idx').on(t.createdAt),
  ],
)

export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: id(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: reconciliationKinds }).notNull(),
    reference: text('reference'),
    providerTransactionId: text('provider_transaction_id'),
    transferId: uuid('transfer_id').references(() => moneyTransfers.id, { onDelete: 'set null' }),
    isokoAmount: rwf('isoko_amount'),
    providerAmount: rwf('provider_amount'),
  },
  (t) => [
    check('reconciliation_items_kind_check', oneOf('kind', reconciliationKinds)),
    index('reconciliation_items_run_idx').on(t.runId),
  ],
)

/** SMS to shops, queued in the transaction of what they tell of, as mail is (docs/payments.md). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    /** E.164 with the plus. */
    to: text('to').notNull(),
    text: text('text').notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: smsStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('sms_outbox_status_check', oneOf('status', smsStatuses)),
    index('sms_outbox_queued_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index('sms_outbox_vendor_idx').on(t.vendorId, t.createdAt),
  ],
)

// ── Running totals (docs/decisions/007): kept by database triggers in the transaction of every change ──

/** A count or a sum of RWF kept as a running total (bigint, never null). */
const total = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0)

/**
 * One row per shop: its orders, revenue, payouts and products by status. Written only by the triggers of
 * migration 0008, read by dashboards and balances instead of summing every order on each request.
 */
export const vendorTotals = pgTable('vendor_totals', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  ordersPending: total('orders_pending'),
  ordersCompleted: total('orders_completed'),
  ordersRefunded: total('orders_refunded'),
  amountPending: total('amount_pending'),
  amountCompleted: total('amount_completed'),
  amountRefunded: total('amount_refunded'),
  payoutsPending: total('payouts_pending'),
  payoutsApproved: total('payouts_approved'),
  payoutsRejected: total('payouts_rejected'),
  payoutsPendingAmount: total('payouts_pending_amount'),
  payoutsApprovedAmount: total('payouts_approved_amount'),
  payoutsRejectedAmount: total('payouts_rejected_amount'),
  productsPending: total('products_pending'),
  productsApproved: total('products_approved'),
  productsRejected: total('products_rejected'),
})

/** The marketplace's shops by status: one row (id 1), moved only when a shop is added, decided or removed. */
export const marketplaceTotals = pgTable(
  'marketplace_totals',
  {
    id: integer('id').primaryKey(),
    vendorsPending: total('vendors_pending'),
    vendorsApproved: total('vendors_approved'),
    vendorsRejected: total('vendors_rejected'),
  },
  () => [check('marketplace_totals_single_row', sql`id = 1`)],
)

/**
 * Orders per hour of creation (UTC) and status, with their total: a report over 365 days reads at most
 * 8,760 hours × 3 statuses instead of every order. Hours, not days, so any whole-hour time zone can group them.
 */
export const orderHours = pgTable(
  'order_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    orders: total('orders'),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
)

/**
 * The marketplace's calendar for the report (one row): the time zone order_days counts its days in. A report
 * in another zone recounts the days first (reports/report-days.ts, docs/decisions/016).
 */
export const reportCalendar = pgTable(
  'report_calendar',
  {
    id: integer('id').primaryKey(),
    timeZone: text('time_zone').notNull(),
  },
  () => [check('report_calendar_single_row', sql`id = 1`)],
)

/**
 * Orders per calendar day of report_calendar's time zone and status, with their total: a report over 365
 * days reads 365 days × 3 statuses, and its chart is those days as they are (docs/decisions/016).
 */
export const orderDays = pgTable(
  'order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    orders: total('orders'),
    amount: total('amount'),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
)

/**
 * Products created per calendar day of report_calendar's time zone, kept by the products' trigger beside the
 * shops' totals: a report counts the products of its range from its days, not from the products.
 */
export const productDays = pgTable('product_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  products: total('products'),
})

// ── Report windows (docs/decisions/015): each report range's sales per shop and per product, kept ready ──

/**
 * The range each report window covers, [starts_at, ends_at): the last `days` calendar days of the marketplace's
 * time zone, today included. The report moves a window to its range when the day turns (or the time zone
 * changes); the triggers add every order placed, changed or removed within a window to its sales.
 */
export const reportWindows = pgTable('report_windows', {
  days: integer('days').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
})

const windowDays = () =>
  integer('days')
    .notNull()
    .references(() => reportWindows.days, { onDelete: 'cascade' })

/** Each shop's orders within a window and their total (every status): the shops ranked by revenue. */
export const vendorWindowSales = pgTable(
  'vendor_window_sales',
  {
    days: windowDays(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    orders: total('orders'),
    amount: total('amount'),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.vendorId] }),
    // The report's order (revenue, then orders, then id): the top 5 are the index's first 5 entries.
    index('vendor_window_sales_rank_idx')
      .on(t.days, t.amount.desc().nullsFirst(), t.orders.desc().nullsFirst(), t.vendorId)
      .where(sql`orders > 0`),
  ],
)

/**
 * Each product's pieces sold within a window and their total. A product is its id while it exists; once it is
 * deleted its orders keep its name, and count under `name:` + that name in lower case, within its shop
 * (the SQL function order_product_key).
 */
export const productWindowSales = pgTable(
  'product_window_sales',
  {
    days: windowDays(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    quantity: total('quantity'),
    amount: total('amount'),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.vendorId, t.productKey] }),
    index('product_window_sales_rank_idx')
      .on(t.days, t.amount.desc().nullsFirst())
      .where(sql`quantity > 0`),
  ],
)

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  oneTimeTokens,
  rateLimits,
  mailOutbox,
  vendors,
  products,
  variants,
  orders,
  payouts,
  messages,
  auditLogs,
  files,
  vendorTotals,
  marketplaceTotals,
  orderHours,
  reportCalendar,
  orderDays,
  productDays,
  reportWindows,
  vendorWindowSales,
  productWindowSales,
  marketplaceSettings,
  commissionRules,
  ledgerEntries,
  ledgerLines,
  ledgerBalances,
  ledgerDays,
  ledgerShopDays,
  ledgerAdjustments,
  statementMailings,
  payoutBatches,
  moneyTransfers,
  providerBalances,
  reconciliationRuns,
  reconciliationItems,
  smsOutbox,
}
