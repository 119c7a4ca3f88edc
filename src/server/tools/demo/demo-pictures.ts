/**
 * Pictures for the demo marketplace, drawn rather than downloaded: an SVG in the category's colour with a
 * simple shape and the product's initials, rendered to PNG by sharp. They then go through the app's own
 * upload path (uploads.service.ts), which turns them into WebP with a thumbnail, like any vendor's photo.
 */
import sharp from 'sharp'
import { categories, type Category } from '../../../shared/constants'
import { pdfFile } from './pdf-file'

/** A colour per category, dark enough for white initials to read on it (WCAG AA for large text). */
const categoryColors: Record<Category, string> = {
  Clothes: '#b45309',
  Shoes: '#92400e',
  Bags: '#9a3412',
  Accessories: '#be123c',
  Phones: '#1d4ed8',
  Computers: '#1e40af',
  Gaming: '#6d28d9',
  Electronics: '#0369a1',
  Furniture: '#78350f',
  'Home Decor': '#c2410c',
  Kitchenware: '#0f766e',
  Bedding: '#4338ca',
  Makeup: '#be185d',
  Perfume: '#a21caf',
  Skincare: '#9d174d',
  Haircare: '#7e22ce',
  'Sports Gear': '#15803d',
  'Outdoor Gear': '#166534',
  Toys: '#c026d3',
  'Baby Products': '#0e7490',
  Snacks: '#b91c1c',
  Food: '#a16207',
  Drinks: '#854d0e',
  'Car Accessories': '#374151',
  Tools: '#475569',
  Books: '#1e3a8a',
  Stationery: '#0c4a6e',
  'Pet Supplies': '#4d7c0f',
}

type Shape = (light: string) => string

/** One simple shape per category (cycled), so a list of pictures does not look like one picture repeated. */
const shapes: Shape[] = [
  (fill) => `<circle cx="320" cy="300" r="210" fill="${fill}"/>`,
  (fill) => `<rect x="120" y="100" width="400" height="400" rx="64" fill="${fill}"/>`,
  (fill) => `<polygon points="320,70 560,480 80,480" fill="${fill}"/>`,
  (fill) => `<polygon points="320,80 530,200 530,420 320,540 110,420 110,200" fill="${fill}"/>`,
  (fill) => `<polygon points="320,60 560,300 320,540 80,300" fill="${fill}"/>`,
  (fill) => `<circle cx="320" cy="300" r="200" fill="none" stroke="${fill}" stroke-width="70"/>`,
  (fill) => `<rect x="90" y="190" width="460" height="220" rx="110" fill="${fill}"/>`,
]

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The first letters of the first two words that start with a letter: "Agaseke peace basket" → "AP". */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => /^[A-Za-z]/.test(word))
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?'
  )
}

/** Drawn on a 640 × 640 canvas, rendered at this size: enough for a product page on a phone, quick to convert. */
const SIZE = 512

/**
 * A product's picture: the category's colour, its shape, the initials, and the category's name. The second
 * picture of a product (`view` 1) turns the colours around, as a close-up would look different.
 */
export async function productPicture(name: string, category: Category, view = 0): Promise<Buffer> {
  const color = categoryColors[category]
  const shape = shapes[categories.indexOf(category) % shapes.length]!
  const [background, overlay, ink] =
    view === 0 ? [color, 'rgba(255,255,255,0.18)', '#ffffff'] : ['#f8f5f0', `${color}33`, color]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 640 640">
  <rect width="640" height="640" fill="${background}"/>
  ${shape(overlay)}
  <text x="320" y="362" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="170" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(initialsOf(name))}</text>
  <text x="320" y="598" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="${ink}" text-anchor="middle" letter-spacing="3">${escapeXml(category.toUpperCase())}</text>
</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()
}

/** A shop's logo: its initials in white on its colour, in a circle. */
export async function shopLogo(shopName: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <rect width="320" height="320" fill="#ffffff"/>
  <circle cx="160" cy="160" r="150" fill="${color}"/>
  <text x="160" y="196" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initialsOf(shopName))}</text>
</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()
}

/** A one-page PDF standing in for a scanned document (ID card, RDB certificate): the upload checks only its form. */
export function documentPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '').slice(0, 80)
  const stream = `BT /F1 18 Tf 40 160 Td (${text}) Tj ET`
  return pdfFile([
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj`,
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  ])
}
