import { useState } from 'react'
import { IconPackage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../shared/schemas/product'
import { useAdminProducts } from '../api/admin-products'
import { DetailsModal } from '../components/details-modal'
import { ListPage, useListPage } from '../components/list-page'
import { ReasonDialog } from '../components/reason-dialog'
import { usePageSelection } from '../components/use-page-selection'
import { BulkBar } from './products/bulk-bar'
import { BulkDecisionDialog, type BulkSubject } from './products/decision-dialogs'
import { ProductFilters } from './products/product-filters'
import { ProductCard, ProductTable, SelectAll } from './products/product-list'
import { ProductDetails } from './products/product-details'
import { ProductTools } from './products/product-tools'
import { useProductDecisions } from './products/use-product-decisions'
import { useProductFilters } from './products/use-product-filters'

const pageSize = 25

/**
 * /admin/products (admin §2 "/admin/products", §4 product status): every shop's products, searched and filtered,
 * approved or rejected one by one or as a selection, exported as a CSV (the selection or everything the filters
 * show) and the selection's images downloaded as one ZIP.
 */
export default function AdminProductsPage() {
  const { t } = useTranslation()
  const filters = useProductFilters()
  const { q, status, from, to, stock, page, after, before, update } = filters
  const search = { q: q.trim(), status, from, to, stock }
  const products = useAdminProducts({ ...search, page, after, before, pageSize })
  const decisions = useProductDecisions()
  const [viewingId, setViewingId] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState<AdminProductDto | null>(null)
  const [bulk, setBulk] = useState<BulkSubject | null>(null)
  // Eight columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards.
  const list = useListPage(products, {
    filters,
    pageSize,
    isActing: decisions.acting.size > 0,
    tableFrom: '80em',
  })
  const { feedback } = list

  // Only what is still listed counts as selected: a product that left the page (decided elsewhere) drops out.
  const items = products.isPlaceholderData ? [] : (products.data?.items ?? [])
  const selection = usePageSelection(JSON.stringify({ ...search, page, after, before }), items)
  const { selectedIds, selected } = selection

  const decideOne = (product: AdminProductDto, decision: 'approved' | 'rejected', reason?: string) => {
    feedback.clear()
    decisions.decide(
      { id: product.id, status: decision, reason },
      list.reportFor(product.id, () =>
        setRejecting((current) => (current?.id === product.id ? null : current)),
      ),
    )
  }

  const decideSelected = (subject: BulkSubject, reason: string) => {
    feedback.clear()
    decisions.decideMany(
      { ids: subject.ids, status: subject.status, ...(subject.status === 'rejected' ? { reason } : {}) },
      {
        success: (message) => {
          setBulk(null)
          selection.clear()
          feedback.success(message)
        },
        error: (message) => {
          setBulk(null)
          feedback.error(message)
        },
        // The selection's buttons are gone with the selection: carry on from the heading, beside the message.
        settled: () => requestAnimationFrame(() => list.view.headingRef.current?.focus()),
      },
    )
  }

  const isFiltered = q.trim() !== '' || status !== 'all' || from !== null || to !== null || stock !== 'all'
  const listProps = {
    selected,
    onSelect: selection.onSelect,
    onSelectAll: selection.onSelectAll,
    acting: decisions.acting,
    onView: list.afterClearing((product: AdminProductDto) => setViewingId(product.id)),
    onApprove: (product: AdminProductDto) => decideOne(product, 'approved'),
    onReject: list.afterClearing(setRejecting),
  }

  return (
    <ListPage
      {...list.view}
      texts="admin.products"
      tools={<ProductTools selectedIds={selectedIds} filters={search} feedback={feedback} />}
      filters={<ProductFilters filters={filters} />}
      aboveList={
        selected.size > 0 && (
          <BulkBar
            count={selected.size}
            isBusy={decisions.isBulkRunning}
            onDecide={(decision) => {
              feedback.clear()
              setBulk({ ids: selectedIds, status: decision })
            }}
            onClear={selection.clear}
          />
        )
      }
      emptyIcon={IconPackage}
      onShowAll={
        isFiltered ? () => update({ q: '', status: 'all', from: null, to: null, stock: null }) : undefined
      }
      table={(items) => <ProductTable products={items} {...listProps} />}
      aboveCards={(items) => (
        <SelectAll products={items} selected={selected} onSelectAll={listProps.onSelectAll} withLabel />
      )}
      card={(product, nameId) => (
        <ProductCard product={product} isSelected={selected.has(product.id)} nameId={nameId} {...listProps} />
      )}
    >
      <ReasonDialog
        subject={rejecting}
        title={t('admin.products.rejectDialog.title')}
        body={(product) => t('admin.products.rejectDialog.body', { name: product.name })}
        confirmLabel={t('admin.products.rejectDialog.confirm')}
        isReasonRequired
        isPending={rejecting !== null && decisions.acting.has(rejecting.id)}
        onConfirm={(product, reason) => decideOne(product, 'rejected', reason)}
        onClose={() => setRejecting(null)}
      />
      <BulkDecisionDialog
        subject={bulk}
        isPending={decisions.isBulkRunning}
        onConfirm={decideSelected}
        onClose={() => setBulk(null)}
      />
      <DetailsModal
        id={viewingId}
        title={t('admin.products.details.title')}
        onClose={() => setViewingId(null)}
      >
        {(id, isPhone) => <ProductDetails id={id} decisions={decisions} isPhone={isPhone} />}
      </DetailsModal>
    </ListPage>
  )
}
