/**
 * A variant's SKU: the lowercased product name with hyphens, then the colour and size, or 'default'
 * (specification §9). The server builds it; the client never chooses one.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function buildSku(productName: string, color?: string | null, size?: string | null): string {
  const base = slugify(productName) || 'product'
  const parts = [color, size].filter((part): part is string => Boolean(part))
  return parts.length ? `${base}-${parts.join('-')}` : `${base}-default`
}
