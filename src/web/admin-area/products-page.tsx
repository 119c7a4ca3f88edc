import { useState } from 'react'
import { IconPackage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../shared/schemas/product'
import { useAdminProducts } from '../api/admin-products'
import { DetailsModal } from '../components/details-modal'
import { ListPage, useListPage } from '../components/list-page'
import { ReasonDialog } from '../components/reason-dialog'
import { BulkBar } from './products/bulk-bar'
import { BulkDecisionDialog, type BulkSubject } from './products/decision-dialogs'
import { ProductFilters } from './products/product-filters'
import { ProductCard, ProductTable, SelectAll } from './products/product-list'
import { ProductDetails } from './products/product-details'
import { ProductTools } from './products/product-tools'
import { useProductDecisions } from './products/use-product-decisions'
import { useProductFilters } from './products/use-product-filters'

const pageSize = 25
const noneSelected: ReadonlySet<string> = new Set()

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

  // The selection belongs to the page on screen: another page, search or filter starts with none.
  const listKey = JSON.stringify({ ...search, page, after, before })
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  })
  const picked = selection.listKey === listKey ? selection.ids : noneSelected
  const setPicked = (next: (current: ReadonlySet<string>) => ReadonlySet<string>) =>
    setSelection((current) => ({
      listKey,
      ids: next(current.listKey === listKey ? current.ids : noneSelected),
    }))

  // Only what is still listed counts as selected: a product that left the page (decided elsewhere) drops out.
  const data = products.data
  const items = products.isPlaceholderData ? [] : (data?.items ?? [])
  const selectedIds = items.filter((product) => picked.has(product.id)).map((product) => product.id)
  const selected: ReadonlySet<string> = new Set(selectedIds)

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
          setPicked(() => noneSelected)
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
    onSelect: (id: string, isSelected: boolean) =>
      setPicked((current) => {
        const next = new Set(current)
        if (isSelected) next.add(id)
        else next.delete(id)
        return next
      }),
    onSelectAll: (isSelected: boolean) =>
      setPicked(() => (isSelected ? new Set(items.map((product) => product.id)) : noneSelected)),
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
            onClear={() => setPicked(() => noneSelected)}
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
