/**
 * What the demo marketplace is made of (`npm run demo`, demo-marketplace.ts): the shops, their owners and
 * products, the customers, and what vendors and the team write to each other: the lists are data, in data/*.json
 * (typed here), so the story can be read and changed without touching the code that plays it.
 *
 * Every e-mail address is under a reserved domain (`.example`, example.com: RFC 2606), so nothing made here
 * can ever reach a real mailbox, even on a server that has SMTP configured.
 */
import type {
  Category,
  Color,
  Language,
  MessageType,
  Plan,
  Size,
  VendorStatus,
} from '../../../shared/constants'
import conversations from './data/conversations.json'
import customers from './data/customers.json'
import shops from './data/shops.json'

export type DemoProduct = {
  name: string
  category: Category
  /** RWF, whole francs. */
  price: number
  note: string
  /** Units per variant when stocked (default 40). */
  stock?: number
  /** Colours × sizes: one variant each (Clothes and Shoes always have them). */
  colors?: Color[]
  sizes?: Size[]
  /** A second picture (the back, the detail). */
  hasSecondPicture?: boolean
  /** The team turns it down some days after it is listed, with this reason. */
  rejectedBecause?: string
}

export type DemoPayoutDetails =
  | { payoutMethod: 'mobile_money'; payoutDetails: { provider: 'mtn' | 'airtel'; mobileNumber: string } }
  | { payoutMethod: 'bank'; payoutDetails: { bankName: string; accountNumber: string } }
  | { payoutMethod: 'paypal'; payoutDetails: { paypalEmail: string } }

export type DemoShop = {
  shopName: string
  owner: { fullName: string; email: string; language: Language }
  phone: string
  city: 'Kigali' | 'Huye' | 'Musanze' | 'Rubavu'
  businessAddress: string
  status: VendorStatus
  /** The plan it is on now; a paid plan was paid for and confirmed by the team, and renewed each month. */
  plan: Plan
  /** A paid plan chosen a day ago, waiting for the team to confirm its payment. */
  requestsPlan?: Plan
  /** How long ago the owner registered. */
  registeredDaysAgo: number
  payout: DemoPayoutDetails
  hasBusinessDocuments: boolean
  rejectedBecause?: string
  /** The logo's colour. */
  color: string
  /** How many of the marketplace's orders it gets, relative to the others. */
  popularity: number
  products: DemoProduct[]
}

/** Every demo account signs in with this password (printed by the command). */
export const DEMO_PASSWORD = 'Isoko-demo-2025'

export const demoAdmin = { fullName: 'Olivier Niyonsaba', email: 'admin@isoko.example' }

export const demoShops = shops as DemoShop[]

/** Buyers, from Rwanda and from the region (names on orders; addresses under example domains). */
export const demoCustomers: { name: string; email: string }[] = customers

/** References the team writes on an approved payout, by payout method. */
export const paymentReferencePrefix = { mobile_money: 'MoMo TxID ', bank: 'BK-TRF-', paypal: 'PP-' } as const

export const payoutRejectionReasons = [
  'The mobile money number on file is registered to another name. Update your payout details and request again.',
  'Requested twice for the same sales: the earlier request was approved.',
  'Please wait for the refunds of last week to be settled before requesting this amount.',
]

/**
 * A conversation with the team: the vendor writes (`daysAgo` before now), an admin opens it and may reply
 * some hours later. Without `reply` it waits for the team; with `isUnread` nobody has opened it yet.
 */
export type DemoConversation = {
  shop: string
  daysAgo: number
  type: MessageType
  subject: string
  content: string
  reply?: string
  /** Hours between the message and the team's reply (default 5). */
  replyAfterHours?: number
  isUnread?: boolean
  /** The vendor has not opened the team's reply yet. */
  isReplyUnread?: boolean
}

export const demoConversations = conversations as DemoConversation[]
