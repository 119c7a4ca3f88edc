import { useQueryClient } from '@tanstack/react-query'
import type { ProductInput, StockFilter } from '../../shared/schemas/product'
import { api, call, withSignal } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { dashboardKeys, productKeys } from './query-keys'

const products = api.vendor.products

/** One page of the vendor's products; `stock: 'low'` keeps those with a variant at or below the shop's threshold. */
export function useVendorProducts(filters: { stock: StockFilter } & PagePosition) {
  return usePagedQuery(productKeys.list(filters), (options) =>
    call(products.$get({ query: { stock: filters.stock, ...pageQuery(filters) } }, options)),
  )
}

/** The product as it stands now (after a save was refused as stale, the form reloads from it). */
export function useReloadProduct() {
  const client = useQueryClient()
  return (id: string) =>
    client.fetchQuery({
      queryKey: productKeys.detail(id),
      queryFn: ({ signal }) => call(products[':id'].$get({ param: { id } }, withSignal(signal))),
      staleTime: 0,
    })
}

const useProductMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useApiMutation({ mutationFn, invalidates: [productKeys.all, dashboardKeys.all] })

export const useCreateProduct = () =>
  useProductMutation((input: ProductInput) => call(products.$post({ json: input })))

export const useUpdateProduct = () =>
  useProductMutation(({ id, input }: { id: string; input: ProductInput }) =>
    call(products[':id'].$put({ param: { id }, json: input })),
  )

export const useDeleteProduct = () =>
  useProductMutation((id: string) => call(products[':id'].$delete({ param: { id } })))
