import { z } from 'zod'
import {
  reasonedDecisionInput,
  emailText,
  invalidCharacters,
  noNul,
  optionalText,
  requiredText,
} from './text'
import { pageQuery, paged } from './pagination'
import {
  limits,
  lowStockThresholdMax,
  mobileMoneyProviders,
  payoutMethods,
  plans,
  textMax,
  vendorStatuses,
  subscriptionStatuses,
} from '../constants'
import { normalisePhone } from '../phone'
import { tinPattern } from '../ledger'

/**
 * A mobile number as a client may type it, for the document: digits with spaces, dots, dashes or brackets, an
 * optional +, nine digits at least. Which numbers are mobile numbers of Rwanda or its neighbours the server
 * decides (normalisePhone), and says so with vendor.phoneInvalid.
 */
const phoneText = '\\s*\\+?[0-9(][0-9 ().-]{7,}[0-9]\\s*'
const phoneDocs = {
  description:
    'A mobile number of Rwanda (07… or +250 7…: MTN 78/79, Airtel 72/73) or, with its country code, of Kenya, Uganda, ' +
    'Tanzania, Burundi, DR Congo or South Sudan; spaces, dots, dashes and brackets are ignored. Stored as E.164.',
  examples: ['+250788123456'],
}

export const phoneInput = z
  .string({ error: 'errors.required' })
  .regex(noNul, invalidCharacters)
  .trim()
  .min(1, 'errors.required')
  .max(32, 'vendor.phoneInvalid')
  .meta({ ...phoneDocs, pattern: `^${phoneText}$`, minLength: 9 })
  .transform((value, ctx) => {
    const normalised = normalisePhone(value)
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'vendor.phoneInvalid' })
      return z.NEVER
    }
    return normalised
  })

const fileId = z.uuid({ error: 'uploads.notFound' })

/**
 * The shop's taxpayer identification number (TIN) at the Rwanda Revenue Authority: 9 digits, as typed with spaces
 * or dashes between groups, stored bare. Blank or null: none (vendor.tinInvalid for anything else).
 */
export const tinInput = z
  .string({ error: 'vendor.tinInvalid' })
  .regex(noNul, invalidCharacters)
  .trim()
  .max(32, 'vendor.tinInvalid')
  .meta({
    description: 'Nine digits (spaces and dashes between groups are ignored); blank or null: none',
    pattern: '^(?:\\s*(?:[0-9][\\s-]*){9})?\\s*$',
    examples: ['100123456'],
  })
  .nullable()
  .transform((value, ctx) => {
    const digits = (value ?? '').replace(/[\s-]/g, '')
    if (!digits) return null
    if (!tinPattern.test(digits)) {
      ctx.addIssue({ code: 'custom', message: 'vendor.tinInvalid' })
      return z.NEVER
    }
    return digits
  })

/** Whether the shop is registered for VAT (its statements say so). */
export const vatRegisteredInput = z.boolean({ error: 'errors.invalidValue' })

const emailInput = emailText()

// ── The wizard's steps, each the same rule on the screen (to move forward) and on the server ──

export const personalStep = z.object({ fullName: requiredText(limits.nameMax), phone: phoneInput })
export const shopStep = z.object({
  shopName: requiredText(textMax.shopName),
  businessAddress: requiredText(textMax.businessAddress),
  tin: tinInput.optional(),
  vatRegistered: vatRegisteredInput.default(false),
})
export const brandingStep = z.object({ shopLogo: fileId.nullish() })
export const documentsStep = z.object({
  govId: z.uuid({ error: 'vendor.register.govIdRequired' }),
  idDocuments: z.array(fileId).max(limits.files.idDocuments, 'uploads.tooMany').default([]),
  businessDocuments: z.array(fileId).max(limits.files.businessDocuments, 'uploads.tooMany').default([]),
})

export const bankDetails = z.object({
  bankName: requiredText(textMax.bankName),
  accountNumber: requiredText(textMax.accountNumber).pipe(
    z
      .string()
      .regex(noNul, invalidCharacters)
      .regex(/^[A-Za-z0-9 -]+$/, 'vendor.payout.accountNumberInvalid'),
  ),
  routingNumber: z
    .string()
    .regex(noNul, invalidCharacters)
    .trim()
    .max(textMax.accountNumber, 'errors.tooLong')
    .optional(),
})
export const paypalDetails = z.object({ paypalEmail: emailInput })
export const mobileMoneyDetails = z.object({
  provider: z.enum(mobileMoneyProviders, { error: 'vendor.payout.providerRequired' }),
  mobileNumber: phoneInput,
})

export const payoutStep = z.discriminatedUnion(
  'payoutMethod',
  [
    z.object({ payoutMethod: z.literal('bank'), payoutDetails: bankDetails }),
    z.object({ payoutMethod: z.literal('paypal'), payoutDetails: paypalDetails }),
    z.object({ payoutMethod: z.literal('mobile_money'), payoutDetails: mobileMoneyDetails }),
  ],
  { error: 'vendor.payout.methodRequired' },
)

export const vendorRegistrationInput = personalStep
  .extend(shopStep.shape)
  .extend(brandingStep.shape)
  .extend(documentsStep.shape)
  .and(payoutStep)
export type VendorRegistrationInput = z.input<typeof vendorRegistrationInput>

// ── Profile ──

/** Phone is saved only when not empty (spec §5); an empty value leaves the stored one. */
export const profileUpdateInput = z.object({
  shopName: requiredText(textMax.shopName).optional(),
  businessAddress: requiredText(textMax.businessAddress).optional(),
  phone: z
    .string()
    .regex(noNul, invalidCharacters)
    .trim()
    .max(32, 'vendor.phoneInvalid')
    .meta({ ...phoneDocs, pattern: `^(?:${phoneText})?$` })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const normalised = normalisePhone(value)
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: 'vendor.phoneInvalid' })
        return z.NEVER
      }
      return normalised
    }),
  /**
   * A variant with this many or fewer in stock counts as low: the products list's "Low stock" filter and the
   * dashboard's card read it (step 10, B.4).
   */
  lowStockThreshold: z
    .number({ error: 'vendor.lowStock.thresholdInvalid' })
    .int('vendor.lowStock.thresholdInvalid')
    .min(0, 'vendor.lowStock.thresholdInvalid')
    .max(lowStockThresholdMax, 'vendor.lowStock.thresholdInvalid')
    .optional(),
  /** The shop's TIN; blank or null clears it. */
  tin: tinInput.optional(),
  vatRegistered: vatRegisteredInput.optional(),
  /** No SMS for this shop (payouts paid or failed, fees received); mail still goes. */
  smsOptOut: z.boolean({ error: 'errors.invalidValue' }).optional(),
})

export const logoInput = z.object({ fileId: fileId.nullable() })
export const businessDocumentsInput = z.object({
  fileIds: z.array(fileId).max(limits.files.businessDocuments, 'uploads.tooMany'),
})
/**
 * An admin's decision on a pending vendor application (admin §3: only from pending). A rejection gives the
 * reason the vendor reads; an approval needs none.
 */
export const vendorDecisionInput = reasonedDecisionInput

export const subscriptionInput = z.object({
  plan: z.enum(plans, { error: 'vendor.subscription.planInvalid' }),
})

// ── What the server answers ──

export const fileRef = z.object({ url: z.string(), name: z.string(), type: z.string() })
export type FileRefDto = z.infer<typeof fileRef>

export const subscriptionDto = z.object({
  plan: z.enum(plans),
  status: z.enum(subscriptionStatuses),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
})

export const vendorProfileDto = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  shopName: z.string(),
  businessAddress: z.string(),
  phone: z.string().nullable(),
  shopLogo: z.string().nullable(),
  /** The government ID file's address (served only to this vendor and admins). */
  govId: z.string().nullable(),
  businessDocuments: z.array(fileRef),
  idDocuments: z.array(fileRef),
  payoutMethod: z.enum(payoutMethods).nullable(),
  /** Account and mobile numbers are masked to their last digits. */
  payoutDetails: z.record(z.string(), z.string()).nullable(),
  status: z.enum(vendorStatuses),
  /** Why an admin rejected the application, when they said: the vendor reads it under 'Account Rejected'. */
  decisionReason: z.string().nullable(),
  subscription: subscriptionDto,
  /**
   * A paid plan the vendor chose that waits for the team to confirm its payment; until then the current
   * plan and its product limit hold.
   */
  requestedPlan: z.enum(plans).nullable(),
  /** A variant with this many or fewer in stock counts as low (default 5). */
  lowStockThreshold: z.number(),
  /** The shop's TIN at the Rwanda Revenue Authority (9 digits), when given. */
  tin: z.string().nullable(),
  /** Whether the shop is registered for VAT. */
  vatRegistered: z.boolean(),
  /** The owner asked for no SMS (payouts paid or failed, fees received); mail still tells them. */
  smsOptOut: z.boolean(),
  createdAt: z.string(),
})
export type VendorProfile = z.infer<typeof vendorProfileDto>

export const vendorDashboardDto = z.object({
  vendor: vendorProfileDto,
  stats: z.object({
    products: z.number(),
    orders: z.number(),
    revenue: z.number(),
    pendingPayouts: z.number(),
    /** Products with a live variant at or below the shop's low-stock threshold (the list's "Low stock" filter). */
    lowStockProducts: z.number(),
  }),
})
export type VendorDashboard = z.infer<typeof vendorDashboardDto>

// ── Admin review of applications (admin §2 "/admin/vendors") ──

export const vendorStatusFilters = ['all', ...vendorStatuses] as const
export type VendorStatusFilter = (typeof vendorStatusFilters)[number]

/** `?q=&status=&page=&pageSize=`: q matches the shop name or the owner's e-mail, anywhere, whatever the case. */
export const adminVendorListQuery = pageQuery(20).extend({
  q: optionalText(200),
  status: z.enum(vendorStatusFilters, { error: 'errors.invalidValue' }).default('all'),
})

/** One application in the admin list: the shop, its owner, how to reach them, where it stands. */
export const adminVendorRowDto = z.object({
  id: z.string(),
  shopName: z.string(),
  /** The owner's account. */
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  businessAddress: z.string(),
  status: z.enum(vendorStatuses),
  plan: z.enum(plans),
  /** A paid plan the vendor chose that waits for its payment to be confirmed. */
  requestedPlan: z.enum(plans).nullable(),
  /** When the vendor applied. */
  createdAt: z.string(),
  decisionReason: z.string().nullable(),
})
export type AdminVendorRow = z.infer<typeof adminVendorRowDto>
export const adminVendorListDto = paged(adminVendorRowDto)
export type AdminVendorList = z.infer<typeof adminVendorListDto>

/** What an application should hold before it is approved (admin §9: completeness has 4 items). */
export const applicationChecklist = ['phone', 'businessDocuments', 'idDocuments', 'payoutDetails'] as const
export type ApplicationChecklistItem = (typeof applicationChecklist)[number]

/** The application as the admin's View dialog shows it: the vendor profile plus the checklist. */
export const adminVendorApplicationDto = vendorProfileDto.extend({
  completeness: z.object({
    completed: z.number(),
    total: z.number(),
    missing: z.array(z.enum(applicationChecklist)),
  }),
})
export type AdminVendorApplication = z.infer<typeof adminVendorApplicationDto>
