import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Category } from '../../shared/constants'
import type {
  CommissionRuleInput,
  CommissionRuleUpdate,
  MoneySettingsInput,
} from '../../shared/schemas/commission'
import { useApiMutation } from './queries'
import { api, call, withSignal } from './client'
import { auditLogKeys, moneyKeys } from './query-keys'

/** The money settings: VAT on commission, the hold, the limits, the marketplace's name and TIN. */
export const useMoneySettings = () =>
  useQuery({
    queryKey: moneyKeys.named('settings'),
    queryFn: ({ signal }) => call(api.admin['money-settings'].$get({}, withSignal(signal))),
  })

/** Saves the settings; they, any preview (its VAT) and the audit log refresh. */
export const useSaveMoneySettings = () =>
  useApiMutation({
    mutationFn: (input: MoneySettingsInput) => call(api.admin['money-settings'].$put({ json: input })),
    invalidates: [moneyKeys.all, auditLogKeys.all],
  })

/** Every commission rule, least specific first (a handful: one list, no pages). */
export const useCommissionRules = () =>
  useQuery({
    queryKey: moneyKeys.lists(),
    queryFn: ({ signal }) => call(api.admin['commission-rules'].$get({}, withSignal(signal))),
  })

/** What a rule's change moves: the rules, any preview, and the audit log. */
const rulesChanged = [moneyKeys.all, auditLogKeys.all]

export const useCreateCommissionRule = () =>
  useApiMutation({
    mutationFn: (input: CommissionRuleInput) => call(api.admin['commission-rules'].$post({ json: input })),
    invalidates: rulesChanged,
  })

export const useUpdateCommissionRule = () =>
  useApiMutation({
    mutationFn: ({ id, input }: { id: string; input: CommissionRuleUpdate }) =>
      call(api.admin['commission-rules'][':id'].$patch({ param: { id }, json: input })),
    invalidates: rulesChanged,
  })

export const useDeleteCommissionRule = () =>
  useApiMutation({
    mutationFn: (id: string) => call(api.admin['commission-rules'][':id'].$delete({ param: { id } })),
    invalidates: rulesChanged,
  })

export type CommissionPreviewSearch = { vendorId: string; category: Category | null; amount: number }

/**
 * What a sale would post now (null: the form is not complete, nothing is fetched); the last answer stays while
 * the next one loads.
 */
export function useCommissionPreview(search: CommissionPreviewSearch | null) {
  return useQuery({
    queryKey: moneyKeys.named('preview', search),
    queryFn: ({ signal }) => {
      const { vendorId, category, amount } = search!
      const query = { vendorId, amount: String(amount), ...(category ? { category } : {}) }
      return call(api.admin['commission-rules'].preview.$get({ query }, withSignal(signal)))
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
  })
}
