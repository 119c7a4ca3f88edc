import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProductDto, ProductInput, ProductList } from '../../shared/schemas/product'
import { api } from './client'
import { vendorKeys } from './vendor'

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: { page: number; pageSize: number }) => [...productKeys.lists(), filters] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
}

export function useVendorProducts(filters: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) =>
      api<ProductList>('GET', `/vendor/products?page=${filters.page}&pageSize=${filters.pageSize}`, undefined, signal),
    placeholderData: keepPreviousData,
  })
}

function useProductMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: productKeys.all })
      void client.invalidateQueries({ queryKey: vendorKeys.dashboard() })
    },
  })
}

export const useCreateProduct = () =>
  useProductMutation((input: ProductInput) => api<ProductDto>('POST', '/vendor/products', input))

export const useUpdateProduct = () =>
  useProductMutation(({ id, input }: { id: string; input: ProductInput }) =>
    api<ProductDto>('PUT', `/vendor/products/${id}`, input),
  )

export const useDeleteProduct = () =>
  useProductMutation((id: string) => api<{ ok: true }>('DELETE', `/vendor/products/${id}`))
