import type { Language, Plan } from '../../shared/constants'
import { formatRwf } from '../../shared/money'
import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { users } from '../db/schema'
import { escapeHtml, queueMail, type Mail } from './mail.service'

/**
 * What a vendor is told when the Isoko team decides something of theirs. Each mail is written in the
 * vendor's language (the one they last used on screen; English before they ever signed in) and links to
 * the screen where they can see it.
 */
export type Decision =
  | { kind: 'vendorApproved'; shopName: string }
  | { kind: 'vendorRejected'; shopName: string; reason: string | null }
  | { kind: 'productRejected'; productNames: string[]; reason: string | null }
  | { kind: 'payoutApproved'; amount: number; paymentReference: string | null }
  | { kind: 'payoutRejected'; amount: number; reason: string | null }
  | { kind: 'planConfirmed'; plan: Plan }
  /** A payout sent through a mobile-money provider reached the shop's number (docs/payments.md). */
  | { kind: 'payoutPaid'; amount: number; paymentReference: string | null }
  /** A payout the provider could not pay: the money is back in the shop's balance. */
  | { kind: 'payoutFailed'; amount: number; reason: string | null }
  /** A plan's fee requested by mobile money was not paid: the plan did not start. */
  | { kind: 'planPaymentFailed'; plan: Plan; reason: string | null }
  /** A manual adjustment of the shop's balance posted: credited when positive, debited when negative. */
  | { kind: 'adjustmentPosted'; amount: number; reason: string }

type Wording = {
  hello: (name: string) => string
  reason: (reason: string) => string
  reference: (reference: string) => string
  signature: string
  subject: { [K in Decision['kind']]: (d: Extract<Decision, { kind: K }>) => string }
  body: { [K in Decision['kind']]: (d: Extract<Decision, { kind: K }>) => string }
  action: { [K in Decision['kind']]: string }
  plans: Record<Plan, string>
}

const amount = (d: { amount: number }) => formatRwf(d.amount)
/** An adjustment's size, its direction told in words (credited, debited). */
const size = (d: { amount: number }) => formatRwf(Math.abs(d.amount))
const isCredit = (d: { amount: number }) => d.amount > 0

const wording: Record<Language, Wording> = {
  en: {
    hello: (name) => `Hello ${name},`,
    reason: (reason) => `Reason: ${reason}`,
    reference: (reference) => `Payment reference: ${reference}`,
    signature: 'The Isoko team',
    subject: {
      vendorApproved: (d) => `Your shop ${d.shopName} is approved`,
      vendorRejected: (d) => `Your application for ${d.shopName} was not approved`,
      productRejected: (d) =>
        d.productNames.length === 1
          ? `Your product ${d.productNames[0]} was not approved`
          : `${d.productNames.length} of your products were not approved`,
      payoutApproved: (d) => `Your payout of ${amount(d)} is approved`,
      payoutRejected: (d) => `Your payout request of ${amount(d)} was rejected`,
      planConfirmed: (d) => `Your ${wording.en.plans[d.plan]} plan is active`,
      payoutPaid: (d) => `Your payout of ${amount(d)} was sent to your Mobile Money`,
      payoutFailed: (d) => `Your payout of ${amount(d)} could not be sent`,
      planPaymentFailed: (d) => `Your payment for the ${wording.en.plans[d.plan]} plan did not go through`,
      adjustmentPosted: (d) =>
        isCredit(d)
          ? `${size(d)} was added to your shop's balance`
          : `${size(d)} was taken from your shop's balance`,
    },
    body: {
      vendorApproved: (d) =>
        `Good news: ${d.shopName} is approved. Your products can now be seen by buyers once each one is approved.`,
      vendorRejected: (d) =>
        `Your application for ${d.shopName} was not approved, so the shop cannot sell on Isoko. Send us a message from your dashboard if you have questions.`,
      productRejected: (d) =>
        d.productNames.length === 1
          ? `Your product ${d.productNames[0]} was not approved, so buyers will not see it.`
          : `These products were not approved, so buyers will not see them: ${d.productNames.join(', ')}.`,
      payoutApproved: (d) =>
        `Your payout of ${amount(d)} is approved and the money has been sent. Once it reaches you, please confirm its receipt on your payouts page.`,
      payoutRejected: (d) =>
        `Your payout request of ${amount(d)} was rejected. The amount is available to request again.`,
      planConfirmed: (d) =>
        `Your payment was received: the ${wording.en.plans[d.plan]} plan is active for 30 days, with its product limit.`,
      payoutPaid: (d) =>
        `Your payout of ${amount(d)} was sent to your Mobile Money account. Once it reaches you, please confirm its receipt on your payouts page.`,
      payoutFailed: (d) =>
        `Your payout of ${amount(d)} could not be sent to your Mobile Money account. The amount is back in your balance: check your payout details, then request it again.`,
      planPaymentFailed: (d) =>
        `Your Mobile Money payment for the ${wording.en.plans[d.plan]} plan did not go through, so the plan has not started. You can try again from your subscription page.`,
      adjustmentPosted: (d) =>
        isCredit(d)
          ? `The Isoko team added ${size(d)} to your shop's balance. Your payouts page shows the new balance.`
          : `The Isoko team took ${size(d)} from your shop's balance. Your payouts page shows the new balance.`,
    },
    action: {
      vendorApproved: 'Open your dashboard',
      vendorRejected: 'Open your dashboard',
      productRejected: 'See your products',
      payoutApproved: 'See your payouts',
      payoutRejected: 'See your payouts',
      planConfirmed: 'See your subscription',
      adjustmentPosted: 'See your payouts',
      payoutPaid: 'See your payouts',
      payoutFailed: 'See your payouts',
      planPaymentFailed: 'See your subscription',
    },
    plans: {
      starter: 'Starter',
      growth: 'Growth',
      business: 'Business',
      scaling: 'Scaling',
      unlimited: 'Unlimited',
    },
  },
  rw: {
    hello: (name) => `Muraho ${name},`,
    reason: (reason) => `Impamvu: ${reason}`,
    reference: (reference) => `Nimero y'ubwishyu: ${reference}`,
    signature: 'Itsinda rya Isoko',
    subject: {
      vendorApproved: (d) => `Iduka ryawe ${d.shopName} ryemejwe`,
      vendorRejected: (d) => `Ubusabe bw'iduka ${d.shopName} ntibwemewe`,
      productRejected: (d) =>
        d.productNames.length === 1
          ? `Igicuruzwa cyawe ${d.productNames[0]} nticyemewe`
          : `Ibicuruzwa byawe ${d.productNames.length} ntibyemewe`,
      payoutApproved: (d) => `Kwishyurwa ${amount(d)} byemejwe`,
      payoutRejected: (d) => `Ubusabe bwawe bwo kwishyurwa ${amount(d)} bwanzwe`,
      planConfirmed: (d) => `Ifatabuguzi ryawe rya ${wording.rw.plans[d.plan]} rirakora`,
      payoutPaid: (d) => `Amafaranga ${amount(d)} woherejwe kuri Mobile Money yawe`,
      payoutFailed: (d) => `Amafaranga ${amount(d)} ntiyashoboye koherezwa`,
      planPaymentFailed: (d) => `Kwishyura ifatabuguzi rya ${wording.rw.plans[d.plan]} ntibyakunze`,
      adjustmentPosted: (d) =>
        isCredit(d)
          ? `Amafaranga y'iduka ryawe yongerewe ${size(d)}`
          : `Amafaranga y'iduka ryawe yagabanyijweho ${size(d)}`,
    },
    body: {
      vendorApproved: (d) =>
        `Inkuru nziza: iduka ${d.shopName} ryemejwe. Ubu abaguzi bazabona ibicuruzwa byawe uko buri kimwe cyemejwe.`,
      vendorRejected: (d) =>
        `Ubusabe bw'iduka ${d.shopName} ntibwemewe, bityo iduka ntirishobora gucururiza kuri Isoko. Niba ufite ibibazo, twandikire ubutumwa uhereye ku kibaho cyawe.`,
      productRejected: (d) =>
        d.productNames.length === 1
          ? `Igicuruzwa cyawe ${d.productNames[0]} nticyemewe, bityo abaguzi ntibazakibona.`
          : `Ibi bicuruzwa ntibyemewe, bityo abaguzi ntibazabibona: ${d.productNames.join(', ')}.`,
      payoutApproved: (d) =>
        `Kwishyurwa ${amount(d)} byemejwe kandi amafaranga yoherejwe. Nyamuneka, namara kukugeraho, wemeze ko wayakiriye ku ipaji yo kwishyurwa.`,
      payoutRejected: (d) =>
        `Ubusabe bwawe bwo kwishyurwa ${amount(d)} bwanzwe. Ayo mafaranga ushobora kongera kuyasaba.`,
      planConfirmed: (d) =>
        `Ubwishyu bwawe bwakiriwe: ifatabuguzi rya ${wording.rw.plans[d.plan]} rirakora iminsi 30, hamwe n'umubare w'ibicuruzwa ryemerera.`,
      payoutPaid: (d) =>
        `Amafaranga ${amount(d)} woherejwe kuri konti yawe ya Mobile Money. Nyamuneka, namara kukugeraho, wemeze ko wayakiriye ku ipaji yo kwishyurwa.`,
      payoutFailed: (d) =>
        `Amafaranga ${amount(d)} ntiyashoboye koherezwa kuri konti yawe ya Mobile Money. Yagarutse mu mafaranga yawe: banza urebe amakuru yo kwishyurwa, hanyuma wongere uyasabe.`,
      planPaymentFailed: (d) =>
        `Kwishyura ifatabuguzi rya ${wording.rw.plans[d.plan]} ukoresheje Mobile Money ntibyakunze, bityo ifatabuguzi ntiryatangiye. Ushobora kongera kugerageza ku ipaji y'ifatabuguzi.`,
      adjustmentPosted: (d) =>
        isCredit(d)
          ? `Itsinda rya Isoko ryongereye amafaranga y'iduka ryawe ${size(d)}. Amafaranga ufite ubu agaragara ku ipaji yo kwishyurwa.`
          : `Itsinda rya Isoko ryagabanyije amafaranga y'iduka ryawe ${size(d)}. Amafaranga ufite ubu agaragara ku ipaji yo kwishyurwa.`,
    },
    action: {
      vendorApproved: 'Fungura ikibaho cyawe',
      vendorRejected: 'Fungura ikibaho cyawe',
      productRejected: 'Reba ibicuruzwa byawe',
      payoutApproved: 'Reba kwishyurwa kwawe',
      payoutRejected: 'Reba kwishyurwa kwawe',
      planConfirmed: 'Reba ifatabuguzi ryawe',
      adjustmentPosted: 'Reba kwishyurwa kwawe',
      payoutPaid: 'Reba kwishyurwa kwawe',
      payoutFailed: 'Reba kwishyurwa kwawe',
      planPaymentFailed: 'Reba ifatabuguzi ryawe',
    },
    plans: {
      starter: 'Intangiriro',
      growth: 'Iterambere',
      business: 'Ubucuruzi',
      scaling: 'Kwaguka',
      unlimited: 'Nta mupaka',
    },
  },
}

/** The screen each mail links to. */
const screenOf: Record<Decision['kind'], string> = {
  vendorApproved: '/vendor',
  vendorRejected: '/vendor',
  productRejected: '/vendor/products',
  payoutApproved: '/vendor/payouts',
  payoutRejected: '/vendor/payouts',
  planConfirmed: '/vendor/subscription',
  adjustmentPosted: '/vendor/payouts',
  payoutPaid: '/vendor/payouts',
  payoutFailed: '/vendor/payouts',
  planPaymentFailed: '/vendor/subscription',
}

/** Calls a per-kind function with its own kind of decision (TypeScript cannot narrow the pair by itself). */
const render = <K extends Decision['kind']>(
  table: { [P in Decision['kind']]: (d: Extract<Decision, { kind: P }>) => string },
  decision: Extract<Decision, { kind: K }>,
) => (table[decision.kind] as (d: Extract<Decision, { kind: K }>) => string)(decision)

export function decisionMail(options: {
  to: string
  name: string
  language: Language | null
  publicUrl: string
  decision: Decision
}): Mail {
  const { decision } = options
  const words = wording[options.language ?? 'en']
  const link = new URL(screenOf[decision.kind], options.publicUrl).toString()
  const extra =
    'reason' in decision && decision.reason
      ? words.reason(decision.reason)
      : 'paymentReference' in decision && decision.paymentReference
        ? words.reference(decision.paymentReference)
        : null
  const paragraphs = [words.hello(options.name), render(words.body, decision), ...(extra ? [extra] : [])]
  const action = words.action[decision.kind]
  const text = [...paragraphs, '', `${action}: ${link}`, '', words.signature]
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
  const html =
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(words.signature)}</p>`
  return { to: options.to, subject: render(words.subject, decision), text, html, link }
}

/** Queues the mail telling a vendor's user of a decision, in the transaction that made it. */
export async function mailDecision(
  tx: Tx,
  options: { userId: string; publicUrl: string; decision: Decision },
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, options.userId))
  if (!user) return
  await queueMail(
    tx,
    decisionMail({
      to: user.email,
      name: user.fullName,
      language: user.language,
      publicUrl: options.publicUrl,
      decision: options.decision,
    }),
  )
}
