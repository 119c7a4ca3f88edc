import { z } from '@hono/zod-openapi'
import {
  adminProductDto,
  adminProductExportQuery,
  adminProductExportSelection,
  adminProductImagesQuery,
  adminProductListDto,
  adminProductListQuery,
  bulkProductDecisionDto,
  bulkProductDecisionInput,
  productDecisionInput,
  productDto,
  productInput,
  productListDto,
  productListQuery,
} from '../../shared/schemas/product'
import { csvDownload } from '../lib/csv'
import { zipStream } from '../lib/zip'
import type { FileStorage } from '../storage/storage'
import { exportProducts, productImagesArchive } from './product-export'
import { adminScope, vendorScope, adminRouteGroup, vendorRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { creates, errorResponses, jsonBody, responds, respondsCsv } from '../lib/openapi'
import {
  createProduct,
  decideProduct,
  decideProducts,
  deleteProduct,
  getModerationProduct,
  getProduct,
  listModerationProducts,
  listProducts,
  updateProduct,
} from './products.service'

const vendorRoute = vendorRouteGroup('Vendor products')
const adminRoute = adminRouteGroup('Admin products')

const inputRules =
  'Name, price and category are required; Clothes, Shoes or hasVariants need at least one colour and one size, and then ' +
  '`variants` holds every colour × size exactly once (each with its price and stock), otherwise exactly one variant ' +
  'without colour or size. At most 6 images, each a file id this user uploaded with purpose product_image (kept in order). ' +
  'SKUs are built by the server. The name is unique per vendor, whatever its case.'

/** The signed-in vendor's catalogue. The vendor comes from the session; another vendor's product is NOT_FOUND. */

export function productRoutes(deps: Deps, storage: FileStorage) {
  const db = deps.database.db
  return (
    createRouter()
      .openapi(
        ...vendorRoute.list(
          '/api/vendor/products',
          {
            summary:
              "The vendor's products, newest first, with live variants, price range, stock and the plan's product limit; stock=low: those with a variant at or below the shop's low-stock threshold",
            query: productListQuery,
          },
          [productListDto, 'One page of products'],
          (scope, query) => listProducts(db, scope, query, deps.config.timeZone),
        ),
      )
      .openapi(
        vendorRoute('get', '/api/vendor/products/{id}', {
          summary: 'One of the vendor’s products',
          responses: responds(productDto, 'The product'),
        }),
        async (c) => c.json(await getProduct(db, vendorScope(c), c.req.valid('param').id), 200),
      )
      .openapi(
        vendorRoute('post', '/api/vendor/products', {
          summary: 'Add a product (live at once, status approved), within the plan’s product limit',
          description: `${inputRules} Beyond the plan's limit: 409 products.planLimit with params {plan, limit}.`,
          request: jsonBody(productInput),
          responses: creates(productDto, 'Created', 409, 422),
        }),
        async (c) => c.json(await createProduct(db, vendorScope(c), c.req.valid('json')), 201),
      )
      .openapi(
        ...vendorRoute.change(
          'put',
          '/api/vendor/products/{id}',
          {
            summary:
              'Edit a product; variants are updated in place, ordered ones are archived rather than deleted',
            description:
              `${inputRules} Variants keep their ids (matched by SKU, or by colour and size after a rename); a removed ` +
              'variant is deleted when no order points at it, otherwise archived (hidden, kept for its orders).',
            body: productInput,
            responses: responds(productDto, 'Saved', 409, 422),
          },
          (scope, id, input) => updateProduct(db, scope, id, input),
        ),
      )
      .openapi(
        ...vendorRoute.deletion(
          '/api/vendor/products/{id}',
          {
            summary: 'Delete a product and its variants; its orders keep their snapshot',
            answer: ['Deleted'],
          },
          (scope, id) => deleteProduct(db, scope, id),
        ),
      )
      .openapi(
        ...adminRoute.list(
          '/api/admin/products',
          {
            summary:
              'Every shop’s products for moderation, newest first: search, status, created from/to (Kigali days), stock=low (by each shop’s own threshold)',
            query: adminProductListQuery,
          },
          [adminProductListDto, 'One page of products'],
          (scope, query) => listModerationProducts(db, scope, query, deps.config.timeZone),
        ),
      )
      // Before /{id}: "export" and "images" are not product ids.
      .openapi(
        ...adminRoute.csv(
          '/api/admin/products/export',
          {
            summary:
              'Selected products (ids), or every product the filters match, as a Shopify product import CSV',
            description:
              '`ids`: comma-separated product ids, at most 500 (Export Selected); without it, `q`, `status`, `from` and ' +
              '`to` filter as in the list (Export All). One row per variant sharing the URL handle, product fields on the ' +
              'first row, a row per further image; image URLs are absolute (PUBLIC_URL + the stored path). UTF-8 with BOM, ' +
              'RFC 4180, text cells starting with = + - @, a tab or a carriage return get a leading single quote. File ' +
              'name `products-YYYY-MM-DD.csv` (the marketplace’s date).',
            query: adminProductExportQuery,
          },
          'products',
          (scope, query) =>
            exportProducts(db, scope, query, {
              timeZone: deps.config.timeZone,
              publicUrl: deps.config.publicUrl,
            }),
        ),
      )
      .openapi(
        adminRoute('post', '/api/admin/products/export', {
          summary: 'The selected products (a body of at most 500 ids) as a Shopify product import CSV',
          description:
            'Export Selected: the same file as the GET with `ids`, the selection sent in the body.',
          request: jsonBody(adminProductExportSelection),
          responses: respondsCsv(422),
        }),
        async (c) =>
          csvDownload(
            c,
            exportProducts(
              db,
              adminScope(c),
              { ...c.req.valid('json'), status: 'all' },
              { timeZone: deps.config.timeZone, publicUrl: deps.config.publicUrl },
            ),
            'products',
          ),
      )
      .openapi(
        adminRoute('get', '/api/admin/products/images', {
          summary: 'The selected products’ stored images as one ZIP (stored, not compressed), streamed',
          description:
            '`ids`: comma-separated product ids, at most 100. Entries are named `<product name>-<first 8 of the id>-<n><ext>` ' +
            '(the name in lowercase a-z, 0-9 and dashes). `X-Image-Count` and `X-Product-Count` give how many images and ' +
            'products are in it. No image at all: 404 products.noImages.',
          request: { query: adminProductImagesQuery },
          responses: {
            200: {
              content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
              description: 'The ZIP file',
            },
            ...errorResponses(404, 422),
          },
        }),
        async (c) => {
          const archive = await productImagesArchive(db, adminScope(c), c.req.valid('query').ids, storage, {
            timeZone: deps.config.timeZone,
          })
          const body = zipStream(archive.entries, (error) =>
            c.var.logger.error({ err: error }, 'the product images download stopped part way'),
          )
          return c.body(body, 200, {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="${archive.fileName}"`,
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
            'X-Image-Count': String(archive.imageCount),
            'X-Product-Count': String(archive.productCount),
          })
        },
      )
      .openapi(
        adminRoute('get', '/api/admin/products/{id}', {
          summary: 'One product with its shop, variants and images',
          responses: responds(adminProductDto, 'The product', 404),
        }),
        async (c) => c.json(await getModerationProduct(db, adminScope(c), c.req.valid('param').id), 200),
      )
      .openapi(
        ...adminRoute.change(
          'patch',
          '/api/admin/products/{id}/status',
          {
            summary:
              'Approve or reject a product (to a status it is not in); a rejection gives its reason; audited',
            description: 'Deciding the status the product already has is 409 products.alreadyDecided.',
            body: productDecisionInput,
            responses: responds(adminProductDto, 'Decided', 404, 409, 422),
          },
          (scope, id, input) => decideProduct(db, scope, id, input, deps.config.publicUrl),
        ),
      )
      .openapi(
        adminRoute('post', '/api/admin/products/decisions', {
          summary: 'The same decision for several products (at most 100); each change audited on its own',
          description: 'A rejection gives one reason for them all (errors.reasonRequired without one).',
          request: jsonBody(bulkProductDecisionInput),
          responses: responds(bulkProductDecisionDto, 'What changed', 422),
        }),
        async (c) =>
          c.json(await decideProducts(db, adminScope(c), c.req.valid('json'), deps.config.publicUrl), 200),
      )
  )
}
