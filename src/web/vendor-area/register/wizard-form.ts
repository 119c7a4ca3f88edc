import type { UseFormReturnType } from '@mantine/form'
import type { z } from 'zod'
import type { mobileMoneyProviders, PayoutMethod } from '../../../shared/constants'
import {
  brandingStep,
  documentsStep,
  payoutStep,
  personalStep,
  shopStep,
  vendorRegistrationInput,
  type VendorRegistrationInput,
} from '../../../shared/schemas/vendor'
import type { UploadedRef } from '../../components/upload-widget'

export const wizardSteps = ['personal', 'shop', 'branding', 'documents', 'payout'] as const
export type WizardStep = (typeof wizardSteps)[number]

/**
 * Everything the five steps collect, kept in one form so values survive moving back and forth.
 * Each payout method keeps its own details: switching method and back loses nothing typed.
 */
export type WizardValues = {
  fullName: string
  phone: string
  shopName: string
  businessAddress: string
  tin: string
  vatRegistered: boolean
  shopLogo: UploadedRef[]
  govId: UploadedRef[]
  idDocuments: UploadedRef[]
  businessDocuments: UploadedRef[]
  payoutMethod: PayoutMethod | ''
  bank: { bankName: string; accountNumber: string; routingNumber: string }
  paypal: { paypalEmail: string }
  mobileMoney: { provider: (typeof mobileMoneyProviders)[number] | ''; mobileNumber: string }
}

export type WizardForm = UseFormReturnType<WizardValues>

export const initialWizardValues = (fullName: string): WizardValues => ({
  fullName,
  phone: '',
  shopName: '',
  businessAddress: '',
  tin: '',
  vatRegistered: false,
  shopLogo: [],
  govId: [],
  idDocuments: [],
  businessDocuments: [],
  payoutMethod: '',
  bank: { bankName: '', accountNumber: '', routingNumber: '' },
  paypal: { paypalEmail: '' },
  mobileMoney: { provider: '', mobileNumber: '' },
})

/** Where a method's details live in the form. */
const detailsGroup = { bank: 'bank', paypal: 'paypal', mobile_money: 'mobileMoney' } as const

const ids = (files: UploadedRef[]) => files.map((file) => file.id)

function payoutDetails(values: WizardValues) {
  switch (values.payoutMethod) {
    case 'bank': {
      const { routingNumber, ...required } = values.bank
      // The routing number is optional: an empty one is left out rather than stored blank.
      return routingNumber.trim() ? { ...required, routingNumber } : required
    }
    case 'paypal':
      return values.paypal
    case 'mobile_money':
      return values.mobileMoney
    default:
      return undefined
  }
}

/** What each step's schema (the same one the server applies) is given from the form. */
const stepInput: Record<WizardStep, (values: WizardValues) => unknown> = {
  personal: (values) => ({ fullName: values.fullName, phone: values.phone }),
  shop: (values) => ({
    shopName: values.shopName,
    businessAddress: values.businessAddress,
    // Optional: left empty, none is sent.
    ...(values.tin.trim() ? { tin: values.tin } : {}),
    vatRegistered: values.vatRegistered,
  }),
  branding: (values) => ({ shopLogo: values.shopLogo[0]?.id ?? null }),
  documents: (values) => ({
    govId: values.govId[0]?.id ?? '',
    idDocuments: ids(values.idDocuments),
    businessDocuments: ids(values.businessDocuments),
  }),
  payout: (values) => ({
    payoutMethod: values.payoutMethod || undefined,
    payoutDetails: payoutDetails(values),
  }),
}

const stepSchema: Record<WizardStep, z.ZodType> = {
  personal: personalStep,
  shop: shopStep,
  branding: brandingStep,
  documents: documentsStep,
  payout: payoutStep,
}

/** The registration input's fields each step asks for (a payout detail sits in its method's group of the form). */
const stepFields: Record<WizardStep, readonly string[]> = {
  personal: ['fullName', 'phone'],
  shop: ['shopName', 'businessAddress', 'tin', 'vatRegistered'],
  branding: ['shopLogo'],
  documents: ['govId', 'idDocuments', 'businessDocuments'],
  payout: ['payoutMethod', 'payoutDetails'],
}

/**
 * Where a rule's field (a path in the registration input, as the server reports it in `fields`)
 * sits in the wizard: its step and its path in the form. Null for anything without a field.
 */
export function locateField(path: string, values: WizardValues): { step: number; field: string } | null {
  const [head = '', ...rest] = path.split('.')
  const step = wizardSteps.findIndex((name) => stepFields[name].includes(head))
  if (step === -1) return null
  if (head !== 'payoutDetails') return { step, field: head }
  const detail = rest[0]
  if (!values.payoutMethod || !detail) return { step, field: 'payoutMethod' }
  return { step, field: `${detailsGroup[values.payoutMethod]}.${detail}` }
}

/** The step's errors as form paths → i18n keys; empty when the step may be left forward. */
export function validateStep(step: number, values: WizardValues): Record<string, string> {
  const name = wizardSteps[step]
  if (!name) return {}
  const result = stepSchema[name].safeParse(stepInput[name](values))
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const located = locateField(issue.path.join('.'), values)
    if (located) errors[located.field] ??= issue.message
  }
  return errors
}

/**
 * The request body, read through the very schema the server validates with (trimmed, phone numbers
 * in E.164), or the first step that still fails.
 */
export function registrationInput(
  values: WizardValues,
):
  { ok: true; input: VendorRegistrationInput } | { ok: false; step: number; errors: Record<string, string> } {
  for (let step = 0; step < wizardSteps.length; step += 1) {
    const errors = validateStep(step, values)
    if (Object.keys(errors).length > 0) return { ok: false, step, errors }
  }
  const merged = Object.assign({}, ...wizardSteps.map((name) => stepInput[name](values) as object))
  const parsed = vendorRegistrationInput.safeParse(merged)
  if (!parsed.success) return { ok: false, step: 0, errors: {} }
  return { ok: true, input: parsed.data }
}

/** The server's field errors placed on the wizard: the earliest step holding one, and form errors. */
export function placeServerErrors(fields: Record<string, string>, values: WizardValues) {
  const errors: Record<string, string> = {}
  let step: number | null = null
  for (const [path, messageKey] of Object.entries(fields)) {
    const located = locateField(path, values)
    if (!located) continue
    errors[located.field] ??= messageKey
    step = step === null ? located.step : Math.min(step, located.step)
  }
  return { step, errors }
}
