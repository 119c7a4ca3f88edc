import { useQueryClient } from '@tanstack/react-query'
import type { ProductInput } from '../../shared/schemas/product'
import { api, call, withSignal } from './client'
import { pageQuery, useApiMutation, usePagedQuery, type PagePosition } from './queries'
import { dashboardKeys, productKeys } from './query-keys'

const products = api.vendor.products

export function useVendorProducts(filters: PagePosition) {
  return usePagedQuery(productKeys.list(filters), (options) =>
    call(products.$get({ query: pageQuery(filters) }, options)),
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
