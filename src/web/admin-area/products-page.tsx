import { useEffect, useState } from 'react'
import { Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPackage } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { AdminProductDto } from '../../shared/schemas/product'
import { useAdminProducts } from '../api/admin-products'
import { FlashAlert } from '../components/flash-alert'
import { ListView } from '../components/list-view'
import { PageHeader } from '../components/page-header'
import { ReasonDialog } from '../components/reason-dialog'
import { useFlashMessage } from '../components/use-flash-message'
import { useFocusAfterUpdate } from '../components/use-focus-after-update'
import { BulkBar } from './products/bulk-bar'
import { BulkDecisionDialog, type BulkSubject } from './products/decision-dialogs'
import { ProductFilters } from './products/product-filters'
import { ProductCards, ProductTable } from './products/product-list'
import { ProductModal } from './products/product-modal'
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
  const { q, status, from, to, today, page, update } = useProductFilters()
  const filters = { q: q.trim(), status, from, to, page, pageSize }
  const products = useAdminProducts(filters)
  const decisions = useProductDecisions()
  const feedback = useFlashMessage()
  const [viewingId, setViewingId] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState<AdminProductDto | null>(null)
  const [bulk, setBulk] = useState<BulkSubject | null>(null)
  // Eight columns need room: beside the 240 px menu a table reads well from 1280 px; below, cards (two side
  // by side from 768 px), so nothing scrolls sideways on a small laptop, a tablet or a phone.
  const isDesktop = useMediaQuery('(min-width: 80em)', false, { getInitialValueInEffect: false })

  const {
    listRef,
    fallbackRef: headingRef,
    focusAfterUpdate,
  } = useFocusAfterUpdate(decisions.acting.size === 0 && !products.isFetching, products.data)

  // The selection belongs to the page on screen: another page, search or filter starts with none.
  const listKey = JSON.stringify(filters)
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

  // A page that emptied (its last pending product was decided under the filter) moves back to the last page there is.
  const data = products.data
  useEffect(() => {
    if (!data || data.items.length > 0 || page === 1) return
    update({ page: Math.max(1, Math.ceil(data.total / pageSize)) }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [data, page])

  // Only what is still listed counts as selected: a product that left the page (decided elsewhere) drops out.
  const items = products.isPlaceholderData ? [] : (data?.items ?? [])
  const selectedIds = items.filter((product) => picked.has(product.id)).map((product) => product.id)
  const selected: ReadonlySet<string> = new Set(selectedIds)

  const decideOne = (product: AdminProductDto, decision: 'approved' | 'rejected', reason?: string) => {
    feedback.clear()
    decisions.decide(
      { id: product.id, status: decision, reason },
      {
        success: (message) => {
          setRejecting((current) => (current?.id === product.id ? null : current))
          feedback.success(message)
        },
        error: (message) => {
          setRejecting((current) => (current?.id === product.id ? null : current))
          feedback.error(message)
        },
        settled: () => focusAfterUpdate(product.id),
      },
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
        settled: () => requestAnimationFrame(() => headingRef.current?.focus()),
      },
    )
  }

  const isFiltered = q.trim() !== '' || status !== 'all' || from !== null || to !== null
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
    onView: (product: AdminProductDto) => {
      feedback.clear()
      setViewingId(product.id)
    },
    onApprove: (product: AdminProductDto) => decideOne(product, 'approved'),
    onReject: (product: AdminProductDto) => {
      feedback.clear()
      setRejecting(product)
    },
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageHeader
          ref={headingRef}
          title={t('admin.products.title')}
          subtitle={t('admin.products.subtitle')}
        />
        <Group gap="sm" align="center" wrap="wrap">
          {/* Announced when a search or filter changes what is listed. */}
          <Text fw={500} aria-live="polite">
            {data ? t('admin.products.count', { count: data.total }) : ''}
          </Text>
          <ProductTools
            selectedIds={selectedIds}
            filters={{ q: q.trim(), status, from, to }}
            feedback={feedback}
          />
        </Group>
      </Group>

      <ProductFilters
        q={q}
        status={status}
        from={from}
        to={to}
        today={today}
        onSearch={(next) => update({ q: next }, { replace: true })}
        onStatus={(next) => update({ status: next })}
        onDates={(range) => update(range, { replace: true })}
      />

      <FlashAlert flash={feedback.flash} />

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          isBusy={decisions.isBulkRunning}
          onDecide={(decision) => {
            feedback.clear()
            setBulk({ ids: selectedIds, status: decision })
          }}
          onClear={() => setPicked(() => noneSelected)}
        />
      )}

      <ListView
        query={products}
        count={(list) => list.total}
        isDesktop={isDesktop}
        loadFailed={t('admin.products.loadFailed')}
        empty={{
          icon: IconPackage,
          title: t('admin.products.empty.title'),
          body: t('admin.products.empty.allBody'),
          filtered: isFiltered
            ? {
                body: t('admin.products.empty.filteredBody'),
                showAll: t('admin.products.empty.showAll'),
                onShowAll: () => update({ q: '', status: 'all', from: null, to: null }),
              }
            : undefined,
        }}
        listRef={listRef}
        table={(list) => <ProductTable products={list.items} {...listProps} />}
        cards={(list) => <ProductCards products={list.items} {...listProps} />}
        pager={{
          page,
          pageSize,
          label: t('admin.products.pagesLabel'),
          onChange: (next) => {
            update({ page: next })
            headingRef.current?.focus()
          },
        }}
      />

      <ReasonDialog
        subject={rejecting}
        title={t('admin.products.rejectDialog.title')}
        body={(product) => t('admin.products.rejectDialog.body', { name: product.name })}
        confirmLabel={t('admin.products.rejectDialog.confirm')}
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
      <ProductModal productId={viewingId} decisions={decisions} onClose={() => setViewingId(null)} />
    </Stack>
  )
}
