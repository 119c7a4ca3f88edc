import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { OrderStatus } from '../../shared/constants'
import {
  ORDER_IMPORT_URL,
  orderImportResultDto,
  type AdminOrderDto,
  type AdminOrderInput,
  type AdminOrderStatusFilter,
} from '../../shared/schemas/order'
import { api, call, withSignal } from './client'
import { detailQuery, pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import {
  auditLogKeys,
  dashboardKeys,
  orderKeys,
  payoutKeys,
  productKeys,
  reportKeys,
  vendorKeys,
} from './query-keys'
import { postFormWithProgress } from './uploads'

/** The list's filters: search, status, shop and the days the orders were placed on (an end left out is open). */
export type AdminOrderSearch = {
  q: string
  status: AdminOrderStatusFilter
  vendorId: string
  from?: string
  to?: string
}

/** One page of every shop's orders with the four cards; any order change announced live refreshes it. */
export function useAdminOrders(filters: AdminOrderSearch & PagePosition) {
  const { q, status, vendorId, from, to } = filters
  return usePagedQuery(orderKeys.list(filters), (options) =>
    call(api.admin.orders.$get({ query: { q, status, vendorId, from, to, ...pageQuery(filters) } }, options)),
  )
}

/** One order with its history, for the details dialog (null: none open); the listed row shows meanwhile. */
export function useAdminOrder(id: string | null, listed?: AdminOrderDto) {
  return useQuery({
    ...detailQuery(orderKeys.detail(id ?? ''), id, (param, options) =>
      call(api.admin.orders[':id'].$get({ param }, options)),
    ),
    placeholderData: listed?.id === id && listed ? { ...listed, history: [] } : undefined,
  })
}

/**
 * What a change to orders moves: the orders (list, cards, an open details dialog), the shop's balance, the
 * product's stock, the figures that count them and the audit trail.
 */
const ordersChanged = [
  orderKeys.all,
  payoutKeys.all,
  productKeys.all,
  dashboardKeys.all,
  reportKeys.all,
  auditLogKeys.all,
]

const useOrderChange = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useApiMutation({ mutationFn, invalidates: ordersChanged })

export const useSetOrderStatus = () =>
  useOrderChange(({ id, status }: { id: string; status: OrderStatus }) =>
    call(api.admin.orders[':id'].status.$patch({ param: { id }, json: { status } })),
  )

export const useDeleteOrder = () =>
  useOrderChange(({ id }: { id: string }) => call(api.admin.orders[':id'].$delete({ param: { id } })))

export const useCreateOrder = () =>
  useOrderChange((order: AdminOrderInput) => call(api.admin.orders.$post({ json: order })))

/**
 * Shops by name for a picker: approved ones for the order form (`forSale`), every one for the list's
 * filter. The server searches (a marketplace may have thousands of shops); the last answer stays while the
 * next loads.
 */
export function useShopChoices(q: string, forSale: boolean) {
  return useQuery({
    queryKey: vendorKeys.named('choices', { q, forSale }),
    queryFn: ({ signal }) =>
      call(
        api.admin.orders.shops.$get(
          { query: { q, forSale: forSale ? 'true' : 'false' } },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

/** One shop's approved products with their variants (price, stock), once a shop is chosen. */
export function useProductChoices(vendorId: string | null) {
  return useQuery({
    queryKey: productKeys.named('choices', vendorId),
    queryFn: ({ signal }) =>
      call(api.admin.orders.products.$get({ query: { vendorId: vendorId ?? '' } }, withSignal(signal))),
    enabled: vendorId !== null,
  })
}

/** The CSV of what the search and filters show (a plain link: the session cookie goes with it). */
export const ordersExportPath = ({ q, status, vendorId, from, to }: AdminOrderSearch) =>
  api.admin.orders.export.$path({ query: { q, status, vendorId, from, to } })

export const importTemplatePath = () => api.admin.orders.import.template.$path()

export type OrderImport = {
  file: File
  /** A preview: every row is checked, nothing is written. */
  dryRun: boolean
  /** The admin confirmed importing again a file imported within the last 24 hours. */
  confirmRepeat?: boolean
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** Sends an order file to the import, with upload progress; after a real import the orders' screens refresh. */
export const useImportOrders = () =>
  useApiMutation({
    mutationFn: ({ file, dryRun, confirmRepeat = false, onProgress, signal }: OrderImport) => {
      const form = new FormData()
      form.append('file', file)
      const query = `dryRun=${dryRun}${confirmRepeat ? '&confirmRepeat=true' : ''}`
      return postFormWithProgress(`${ORDER_IMPORT_URL}?${query}`, form, {
        answer: orderImportResultDto,
        failedKey: 'orders.import.failed',
        onProgress,
        signal,
      })
    },
    invalidates: ({ dryRun }) => (dryRun ? [] : ordersChanged),
  })
