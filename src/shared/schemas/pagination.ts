import { z } from 'zod'

/** `?page=&pageSize=` on every list; pages beyond the data are simply empty. */
export const pageQuery = (defaultSize = 24) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(defaultSize),
  })
export type PageQuery = { page: number; pageSize: number }

/** One page of `item`s with the total, the one list shape every list endpoint answers with. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  })
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number }

/** Figures a list shows above its rows (counts, amounts), each one a number, named in the order given. */
export const figures = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.number()])) as Record<K, z.ZodNumber>)
