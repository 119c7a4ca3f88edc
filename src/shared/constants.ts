/** Business constants from the specification (§3, §9), shared by the server and the screens. */

export {
  GOOGLE_SIGN_IN_URL,
  languageCookie,
  languageHeader,
  languages,
  languageStorageKey,
  type Language,
} from './language'

export const roles = ['admin', 'vendor'] as const
export type Role = (typeof roles)[number]

/** A vendor application, a product and a payout request all wait for the admin team's one decision. */
export const decisionStatuses = ['pending', 'approved', 'rejected'] as const
export type DecisionStatus = (typeof decisionStatuses)[number]

export const vendorStatuses = decisionStatuses
export type VendorStatus = DecisionStatus
export const productStatuses = decisionStatuses
export type ProductStatus = DecisionStatus
export const payoutStatuses = decisionStatuses
export type PayoutStatus = DecisionStatus

export const orderStatuses = ['pending', 'completed', 'refunded'] as const
export type OrderStatus = (typeof orderStatuses)[number]

export const payoutMethods = ['bank', 'paypal', 'mobile_money'] as const
export type PayoutMethod = (typeof payoutMethods)[number]

export const mobileMoneyProviders = ['mpesa', 'mtn', 'airtel'] as const

export const messageTypes = ['general', 'support', 'order'] as const
export type MessageType = (typeof messageTypes)[number]

export const subscriptionStatuses = ['active', 'expired', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const auditActions = ['create', 'update', 'delete', 'approve', 'reject'] as const
export type AuditAction = (typeof auditActions)[number]

export const categories = [
  'Clothes',
  'Shoes',
  'Bags',
  'Accessories',
  'Phones',
  'Computers',
  'Gaming',
  'Electronics',
  'Furniture',
  'Home Decor',
  'Kitchenware',
  'Bedding',
  'Makeup',
  'Perfume',
  'Skincare',
  'Haircare',
  'Sports Gear',
  'Outdoor Gear',
  'Toys',
  'Baby Products',
  'Snacks',
  'Food',
  'Drinks',
  'Car Accessories',
  'Tools',
  'Books',
  'Stationery',
  'Pet Supplies',
] as const
export type Category = (typeof categories)[number]

export const colors = [
  'white',
  'black',
  'yellow',
  'red',
  'blue',
  'green',
  'purple',
  'pink',
  'orange',
  'gray',
  'brown',
  'navy',
  'teal',
  'indigo',
  'rose',
  'lime',
  'cyan',
  'amber',
  'emerald',
  'violet',
] as const
export type Color = (typeof colors)[number]

export const clothingSizes = ['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'] as const
export const shoeSizes = ['35', '36', '37', '38', '39', '40', '41', '42', '43', '44'] as const
export const sizes = [...clothingSizes, ...shoeSizes] as const
export type Size = (typeof sizes)[number]

export const plans = ['starter', 'growth', 'business', 'scaling', 'unlimited'] as const
export type Plan = (typeof plans)[number]

/** Monthly price in RWF and the product limit (null = unlimited) of each plan. */
export const planDetails: Record<
  Plan,
  { priceRwf: number; productLimit: number | null; isPopular: boolean }
> = {
  starter: { priceRwf: 5000, productLimit: 10, isPopular: false },
  growth: { priceRwf: 10000, productLimit: 25, isPopular: true },
  business: { priceRwf: 25000, productLimit: 55, isPopular: false },
  scaling: { priceRwf: 35000, productLimit: 100, isPopular: false },
  unlimited: { priceRwf: 55000, productLimit: null, isPopular: false },
}

export const limits = {
  passwordMin: 6,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  maxProductImages: 6,
  defaultVariantStock: 100,
  starterTrialDays: 90,
  expiringSoonDays: 7,
  uploadMaxBytes: 10 * 1024 * 1024,
  files: { businessDocuments: 5, idDocuments: 3, logo: 1, default: 5 },
  auditQueryLimit: 100,
  adminPendingPayoutsLimit: 10,
  reportRecentItems: 5,
  importErrorsShown: 5,
  /** The most messages a conversation shows (its latest). */
  threadMessages: 200,
} as const

/**
 * The longest text each form field takes (characters, after trimming), one number for the shared rule and the
 * screen: the screen lets longer text in and says "At most N characters (you have M)" rather than cutting it.
 */
export const textMax = {
  productName: 120,
  productDescription: 5000,
  shopName: 100,
  businessAddress: 300,
  bankName: 100,
  accountNumber: 34,
  messageSubject: 200,
  messageContent: 5000,
} as const

/** The highest price a product or variant takes, in RWF. */
export const priceMax = 1_000_000_000
/** The most a variant may hold in stock. */
export const stockMax = 1_000_000
/** The highest low-stock threshold a shop may set (vendors.low_stock_threshold, checked by the database too). */
export const lowStockThresholdMax = 1_000_000

export const timings = {
  confirmSuccessDelayMs: 800,
  confirmRedirectSeconds: 5,
  successMessageClearMs: 3000,
  /** A password reset link works once, within this many minutes of being mailed. */
  passwordResetLinkMinutes: 60,
} as const

export const breakpoints = { tablet: 768, desktop: 1024 } as const

/** Reports and dates are shown in this zone unless configured otherwise. */
export const defaultTimeZone = 'Africa/Kigali'
