import { z } from 'zod'
import { plainName } from '../bidi'
import { emailText, invalidCharacters, noNul, optionalNote, optionalText, requiredText as text } from './text'
import { limits, orderStatuses, vendorStatuses } from '../constants'
import { normalisePhone } from '../phone'
import { districts } from '../rwanda'
import { auditLogEntryDto } from './audit'
import { dayRangeFields, withDayRange } from './day-range'
import { figures, pageQuery, paged, pagedWithSummary } from './pagination'

/**
 * The vendor's list: a status, q, and the days the orders were placed on (dayRangeFields). q matches the
 * customer's name, e-mail or phone, the product's name (as the order keeps it) or the order's number (the start of
 * its id, with or without the # the screens show).
 */
export const orderListQuery = withDayRange(
  pageQuery(24).extend({
    status: z.enum(['all', ...orderStatuses]).default('all'),
    q: optionalText(200),
    ...dayRangeFields,
  }),
)

/** The vendor side's transitions: pending → completed → refunded; refunded is final (specification §4). */
export const vendorOrderTransitions: Record<string, 'completed' | 'refunded' | undefined> = {
  pending: 'completed',
  completed: 'refunded',
}
export const orderStatusInput = z.object({
  status: z.enum(['completed', 'refunded'], { error: 'orders.statusInvalid' }),
})

/** The most orders one "Mark Completed" of a selection takes: a page of the list, and then some. */
export const bulkCompleteMax = 100

/**
 * The vendor's "Mark Completed" for the selected orders: each one of the vendor's own pending orders, at most
 * `bulkCompleteMax`. A repeated id counts once.
 */
export const completeOrdersInput = z.object({
  ids: z
    .array(z.uuid({ error: 'errors.invalidValue' }), { error: 'errors.invalidValue' })
    .min(1, { error: 'orders.bulkComplete.noneSelected' })
    .max(bulkCompleteMax, { error: 'orders.bulkComplete.tooMany' }),
})
export const completeOrdersDto = z.object({
  /** The orders marked completed: every one asked for (otherwise none is). */
  completed: z.array(z.string()),
})

export const orderDto = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  productName: z.string(),
  sku: z.string(),
  attributes: z.object({ color: z.string().optional(), size: z.string().optional() }),
  unitPrice: z.number(),
  quantity: z.number(),
  totalAmount: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The customer's mobile number (E.164), when the order has one; the vendor calls it to deliver. */
  customerPhone: z.string().nullable(),
  /** One of Rwanda's 30 districts (shared/rwanda.ts), when given. */
  deliveryDistrict: z.string().nullable(),
  deliverySector: z.string().nullable(),
  deliveryCell: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  /** A landmark or a note for whoever delivers. */
  deliveryNote: z.string().nullable(),
  createdAt: z.string(),
})
export type OrderDto = z.infer<typeof orderDto>

export const orderListDto = paged(orderDto)
export type OrderList = z.infer<typeof orderListDto>

// ── Delivery (README: beyond the specification): the customer's phone and a Rwandan address, all optional ──

/** The longest sector or cell name, address line and delivery note. */
export const deliveryLimits = { placeMax: 80, addressMax: 300, noteMax: 500 } as const

/**
 * The customer's mobile number, when given: the rule of the vendor's registration (normalisePhone), stored as
 * E.164; blank is none (null).
 */
export const optionalPhone = z
  .string()
  .regex(noNul, invalidCharacters)
  .trim()
  .max(32, 'orders.phoneInvalid')
  .meta({
    description:
      "The customer's mobile number, optional: Rwandan (07… or +250 7…) or East African with its country code; " +
      'stored as E.164',
    examples: ['+250788123456'],
    // What a client may type (digits with spaces, dots, dashes or brackets, an optional +), or nothing; which
    // numbers are mobile numbers the server decides (normalisePhone).
    pattern: '^(?:\\s*\\+?[0-9(][0-9 ().-]{7,}[0-9]\\s*)?$',
  })
  .optional()
  .transform((value, ctx) => {
    if (!value) return null
    const normalised = normalisePhone(value)
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'orders.phoneInvalid' })
      return z.NEVER
    }
    return normalised
  })

/** A district of Rwanda as written in shared/rwanda.ts, or '' / absent for none. */
export const optionalDistrict = z
  .enum(['', ...districts], { error: 'orders.districtInvalid' })
  .optional()
  .transform((value) => value || null)

/** What an order may say about its delivery, each field optional and checked when given. */
export const deliveryInput = z.object({
  customerPhone: optionalPhone,
  deliveryDistrict: optionalDistrict,
  deliverySector: optionalNote(deliveryLimits.placeMax),
  deliveryCell: optionalNote(deliveryLimits.placeMax),
  deliveryAddress: optionalNote(deliveryLimits.addressMax),
  deliveryNote: optionalNote(deliveryLimits.noteMax),
})
export type DeliveryInput = z.input<typeof deliveryInput>
export type Delivery = z.output<typeof deliveryInput>

/**
 * The order form's quantity as typed: digits only, a whole number from 1 (no sign, no decimals). Returns the
 * number, or the message key that says what is allowed; the form never changes what was typed.
 */
export function readQuantity(typed: string): { quantity: number } | { error: string } {
  const text = typed.trim()
  if (!/^\d+$/.test(text)) return { error: 'orders.quantityDigits' }
  const quantity = Number(text)
  if (quantity < 1 || quantity > 100_000) return { error: 'orders.quantityDigits' }
  return { quantity }
}

/** Admin order form (specification, admin §5 "Create order"): every field required, quantity at least 1. */
const requiredText = (max: number) => text(max, 'orders.requiredFields')

export const adminOrderInput = z.object({
  vendorId: requiredText(64),
  productId: requiredText(64),
  variantId: requiredText(64),
  // Without controls that reorder text (bidi.ts), then still required.
  customerName: requiredText(limits.nameMax).overwrite(plainName).min(1, 'orders.requiredFields'),
  customerEmail: emailText('orders.requiredFields'),
  /**
   * A whole number from 1 (1 when left out, as the specification has it). Anything else is refused, never
   * rounded or bounded: more than the stock is 409 orders.insufficientStock.
   */
  quantity: z
    .number({ error: 'orders.quantityInvalid' })
    .int('orders.quantityInvalid')
    .min(1, 'orders.quantityInvalid')
    .max(100_000, 'orders.quantityInvalid')
    .default(1),
  ...deliveryInput.shape,
})
export type AdminOrderInput = z.input<typeof adminOrderInput>

// ── /admin/orders (admin §2): every shop's orders, searched, filtered, created, imported and exported ──

export const adminOrderStatusFilters = ['all', ...orderStatuses] as const
export type AdminOrderStatusFilter = (typeof adminOrderStatusFilters)[number]

/**
 * `?q=&status=&vendorId=&from=&to=` of the list and its CSV export. q matches the customer's name or e-mail, the
 * shop's name, the product's name (as the order keeps it) or the start of the order's id, whatever the case; from
 * and to are the days the orders were placed on, both included.
 */
const adminOrderFilterFields = z.object({
  q: optionalText(200),
  status: z.enum(adminOrderStatusFilters, { error: 'errors.invalidValue' }).default('all'),
  vendorId: z.union([z.literal(''), z.uuid({ error: 'errors.invalidValue' })]).default(''),
  ...dayRangeFields,
})
export const adminOrderFilters = withDayRange(adminOrderFilterFields)
export type AdminOrderFilters = z.output<typeof adminOrderFilters>
export const adminOrderListQuery = withDayRange(pageQuery(25).extend(adminOrderFilterFields.shape))

/** An order as the admin screens show it: the shop it belongs to, and whether its product still exists. */
export const adminOrderDto = orderDto.extend({
  vendorId: z.string(),
  shopName: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
})
export type AdminOrderDto = z.infer<typeof adminOrderDto>

/**
 * The four cards, for the current filters: every order, the pending and the completed ones, and the revenue
 * (the totals of pending and completed orders; a refunded order's money went back to its customer).
 */
export const adminOrderSummary = figures('orders', 'pending', 'completed', 'revenue')
export const adminOrderListDto = pagedWithSummary(adminOrderDto, adminOrderSummary)
export type AdminOrderList = z.infer<typeof adminOrderListDto>

/** The details dialog: the order and its history from the audit trail, oldest first. */
export const adminOrderDetailsDto = adminOrderDto.extend({ history: z.array(auditLogEntryDto) })
export type AdminOrderDetails = z.infer<typeof adminOrderDetailsDto>

/** The admin sets any status from the row's selector (specification §4). */
export const adminOrderStatusInput = z.object({
  status: z.enum(orderStatuses, { error: 'errors.invalidValue' }),
})

/** The order form's choices (admin §7 "Order form choices"): shops by name, then one shop's products. */
export const shopChoicesQuery = z.object({
  q: optionalText(200),
  /** Only approved shops (the order form); otherwise every shop (the list's filter). */
  forSale: z.enum(['true', 'false'], { error: 'errors.invalidValue' }).default('true'),
})
export const shopChoicesDto = z.object({
  items: z.array(z.object({ id: z.string(), shopName: z.string(), status: z.enum(vendorStatuses) })),
})
export type ShopChoice = z.infer<typeof shopChoicesDto>['items'][number]

export const productChoicesQuery = z.object({ vendorId: z.uuid({ error: 'orders.requiredFields' }) })
export const productChoicesDto = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      variants: z.array(
        z.object({
          id: z.string(),
          sku: z.string(),
          attributes: z.object({ color: z.string().optional(), size: z.string().optional() }),
          price: z.number(),
          stock: z.number(),
        }),
      ),
    }),
  ),
})
export type ProductChoice = z.infer<typeof productChoicesDto>['items'][number]

// ── Order import (admin §5 "Order import (CSV)") ──

/** The columns an import needs (and the export writes), in the template's order. */
export const orderImportColumns = [
  'Customer Name',
  'Customer Email',
  'Vendor Shop Name',
  'Product Name',
  'Variant SKU',
  'Quantity',
] as const
export type OrderImportColumn = (typeof orderImportColumns)[number]

/**
 * Columns a file may add for delivery (README: beyond the specification), each optional, in the template's order
 * after the six, and the field each one fills; a file without them imports as before.
 */
export const deliveryColumnField = {
  'Customer Phone': 'customerPhone',
  District: 'deliveryDistrict',
  Sector: 'deliverySector',
  Cell: 'deliveryCell',
  Address: 'deliveryAddress',
  'Delivery Note': 'deliveryNote',
} as const satisfies Record<string, keyof DeliveryInput>
export type OrderDeliveryColumn = keyof typeof deliveryColumnField
export const orderDeliveryColumns = Object.keys(deliveryColumnField) as readonly OrderDeliveryColumn[]

/**
 * An import file's limits: what a spreadsheet of a day's or a week's orders holds (10,000 ordinary rows are
 * about 1 MB). Each row is its own transaction, so a large file takes a while: on the embedded database a full
 * one takes minutes and holds the process meanwhile (docs/security.md, Faults). A larger file is refused whole
 * with a message naming the limit.
 */
export const orderImportLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 10_000 } as const

/** How long an imported file is remembered: the same file again within this is asked about first. */
export const IMPORT_REPEAT_HOURS = 24

/**
 * `?dryRun=true`: the preview, which checks every row and writes nothing. `?confirmRepeat=true`: the admin was
 * told that this file was imported within the last 24 hours and imports it again all the same.
 */
export const orderImportQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'errors.invalidValue' }).default('false'),
  confirmRepeat: z.enum(['true', 'false'], { error: 'errors.invalidValue' }).default('false'),
})

/** The last import of the same file (by its SHA-256) within 24 hours: when, and how many orders it created. */
export const previousImportDto = z.object({
  importedAt: z.string(),
  orders: z.number(),
  /** Still running (or it never finished): its orders are not all counted yet. */
  running: z.boolean(),
})
export type PreviousImport = z.infer<typeof previousImportDto>

const messageParams = z.record(z.string(), z.union([z.string(), z.number()]))

/** One refused row: its number in the file (the header is row 1), why, and its cells as the file had them. */
export const orderImportRowError = z.object({
  row: z.number(),
  messageKey: z.string(),
  params: messageParams,
  values: z.array(z.string()),
})
export type OrderImportRowError = z.infer<typeof orderImportRowError>

export const orderImportResultDto = z.object({
  dryRun: z.boolean(),
  /** Data rows read (blank lines are not rows). */
  rows: z.number(),
  /** Orders created, or in a preview, the rows that would be. */
  imported: z.number(),
  errors: z.array(orderImportRowError),
  /** The file's header as written, for the download of the refused rows. */
  header: z.array(z.string()),
  /** The preview's early warning: this file was already imported within 24 hours (null when not). */
  previousImport: previousImportDto.nullable(),
})
export type OrderImportResult = z.infer<typeof orderImportResultDto>

/** The import's address: the screen sends the file with XMLHttpRequest, which reports upload progress. */
export const ORDER_IMPORT_URL = '/api/admin/orders/import'
