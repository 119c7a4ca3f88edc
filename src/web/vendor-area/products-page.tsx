import { useEffect, useRef, useState } from 'react'
import { useHeadroom } from '@mantine/hooks'
import {
  ActionIcon,
  Affix,
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { modals, ModalsProvider } from '@mantine/modals'
import { IconAlertTriangle, IconPackage, IconPackageOff, IconPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { vendorStatuses, type VendorStatus } from '../../shared/constants'
import {
  stockFilters,
  type ProductDto,
  type ProductList,
  type StockFilter,
} from '../../shared/schemas/product'
import { useVendorRecord } from '../api/account'
import { LoadErrorAlert } from '../components/load-error-alert'
import { LoadingStatus } from '../components/loading-status'
import { useDeleteProduct, useVendorProducts } from '../api/products'
import { FlashAlert } from '../components/flash-alert'
import { countText } from '../components/list-page'
import { ListPager } from '../components/list-pager'
import { positionFrom, withPosition, type ListPosition } from '../components/use-page-param'
import { StatusNotice } from '../components/status-notice'
import { failureDetail, useFlashMessage } from '../components/use-flash-message'
import { ProductCard, ProductCardSkeleton } from './products/product-card'
import { ProductDialog, type SavedProduct } from './products/product-dialog'
import classes from './products/products.module.css'
import { paths } from '../paths'
import { FocusHeading } from '../components/focus-heading'

/** Spec: a page of the grid. */
const pageSize = 24

/** /vendor/products (spec §2 "/vendor/products"). */
export default function VendorProductsPage() {
  const vendor = useVendorRecord()
  const status = vendorStatuses.find((value) => value === vendor.status) ?? 'pending'
  // The delete confirmation (modals.openConfirmModal) is this screen's only use of Mantine's modals manager: its
  // provider lives here, so no other screen downloads it.
  return (
    <ModalsProvider>
      <Products vendorStatus={status} />
    </ModalsProvider>
  )
}

type DialogState = { opened: boolean; product: ProductDto | null; sessionKey: number }

/**
 * The list's page and stock filter, in the address (?stock=low&page=2): reload, back, shared links and the
 * dashboard's "Low stock" card keep them. Another filter starts at the first page.
 */
function useProductsPlace() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('stock')
  const stock: StockFilter = stockFilters.find((value) => value === raw) ?? 'all'
  const setPosition = (position: ListPosition, options?: { replace?: boolean }) =>
    setParams((current) => withPosition(current, position), options)
  const setStock = (next: StockFilter) =>
    setParams((current) => {
      const query = withPosition(current, { page: 1 })
      if (next === 'all') query.delete('stock')
      else query.set('stock', next)
      return query
    })
  return { position: positionFrom(params), stock, setPosition, setStock }
}

function Products({ vendorStatus }: { vendorStatus: VendorStatus }) {
  const { t } = useTranslation()
  const { position, stock, setPosition, setStock } = useProductsPlace()
  const page = position.page
  const products = useVendorProducts({ ...position, stock, pageSize })
  const remove = useDeleteProduct()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHeadingOnClose = useRef(false)
  const [dialog, setDialog] = useState<DialogState>({ opened: false, product: null, sessionKey: 0 })
  const [deletingId, setDeletingId] = useState<string | null>(null)
  const { pinned: isFabShown } = useHeadroom({ fixedAt: 120 })

  const data = products.data
  // A list too long to count has no known last page: its first stands in.
  const lastPage = data && !data.totalIsCapped ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  // Deleting the last product of the last page leaves an empty page: show the one before it instead.
  const isPastEnd = data !== undefined && data.items.length === 0 && page > 1
  useEffect(() => {
    if (isPastEnd) setPosition({ page: lastPage }, { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer for this page comes back empty
  }, [isPastEnd, lastPage])

  const goToPage = (next: ListPosition) => {
    setPosition(next)
    headingRef.current?.focus()
  }

  const openDialog = (product: ProductDto | null) => {
    feedback.clear()
    // The first product's 'Add First Product' button goes away with the empty state: focus then goes to the heading.
    focusHeadingOnClose.current = product === null && data?.productCount === 0
    setDialog((current) => ({ opened: true, product, sessionKey: current.sessionKey + 1 }))
  }
  const closeDialog = () => setDialog((current) => ({ ...current, opened: false }))
  const onSaved = ({ product, mode }: SavedProduct) => {
    closeDialog()
    feedback.success(
      t(mode === 'create' ? 'vendor.products.saved.created' : 'vendor.products.saved.updated', {
        name: product.name,
      }),
    )
  }
  const onDialogClosed = () => {
    if (focusHeadingOnClose.current) headingRef.current?.focus()
    focusHeadingOnClose.current = false
  }

  const confirmDelete = (product: ProductDto) =>
    modals.openConfirmModal({
      title: t('vendor.products.delete.title'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('vendor.products.delete.body', { name: product.name })}
        </Text>
      ),
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red.9' },
      // The safe choice has focus: Enter on an opened dialog must not delete.
      cancelProps: { 'data-autofocus': true },
      closeButtonProps: { 'aria-label': t('actions.close') },
      onConfirm: () => {
        feedback.clear()
        setDeletingId(product.id)
        remove.mutate(product.id, {
          onSuccess: () => {
            feedback.success(t('vendor.products.delete.done', { name: product.name }))
            // The card and its buttons are gone: focus goes to the top of the list rather than the page's end.
            headingRef.current?.focus()
          },
          onError: (error) => feedback.error(t('vendor.products.delete.failed'), failureDetail(t, error)),
          onSettled: () => setDeletingId(null),
        })
      },
    })

  // The plan's limit counts every product of the shop, whatever the list's filter shows.
  const productCount = data?.productCount ?? data?.total ?? 0
  const isAtLimit = data !== undefined && data.limit !== null && productCount >= data.limit
  const canAdd = data !== undefined && !isAtLimit
  const isFiltered = stock !== 'all'

  return (
    <Stack gap="lg" maw={1280} className={classes.pageWithFab}>
      <Group component="header" justify="space-between" align="flex-start" gap="md">
        <div>
          <FocusHeading order={1} ref={headingRef}>
            {t('vendor.products.title')}
          </FocusHeading>
          {data && (
            <Text c="dimmed" size="sm" mt={2} aria-live="polite">
              {isFiltered || data.limit === null
                ? countText(t, 'vendor.products.count', data)
                : t('vendor.products.limit.usage', { count: productCount, limit: data.limit })}
            </Text>
          )}
        </div>
        {/* On a phone the floating button below takes this place (one Add Product per screen). */}
        <Button
          visibleFrom="sm"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => openDialog(null)}
          disabled={!canAdd}
          aria-describedby={isAtLimit ? 'products-limit-note' : undefined}
        >
          {t('vendor.products.add')}
        </Button>
      </Group>

      {/* One group, so the flash message's empty live region adds no gap of its own. */}
      <Stack gap="sm">
        <StatusNotice status={vendorStatus} />
        {isAtLimit && data && <LimitNote list={data} />}
        <FlashAlert flash={feedback.flash} />
      </Stack>

      {(productCount > 0 || isFiltered) && (
        <StockFilterBar stock={stock} threshold={data?.lowStockThreshold ?? null} onChange={setStock} />
      )}

      {!data && !products.isError ? (
        <GridSkeleton />
      ) : !data ? (
        <LoadErrorAlert
          title={t('vendor.products.loadFailed')}
          body={failureDetail(t, products.error) ?? t('errors.checkConnection')}
          query={products}
        />
      ) : data.total === 0 && isFiltered ? (
        <EmptyState
          icon={<IconPackageOff size={32} aria-hidden />}
          variant="light"
          title={t('vendor.products.empty.lowTitle')}
          description={
            data.lowStockThreshold === null
              ? undefined
              : t('vendor.products.empty.lowBody', { count: data.lowStockThreshold })
          }
          py="xl"
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={() => setStock('all')}>
              {t('vendor.products.empty.showAll')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : data.total === 0 ? (
        <EmptyState
          icon={<IconPackage size={32} aria-hidden />}
          variant="light"
          title={t('vendor.products.empty.title')}
          description={t('vendor.products.empty.body')}
          py="xl"
        >
          <EmptyState.Actions>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => openDialog(null)}
              disabled={!canAdd}
            >
              {t('vendor.products.addFirst')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          <SimpleGrid
            component="ul"
            className={classes.grid}
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="md"
            aria-label={t('vendor.products.listLabel')}
            // While another page loads, the old one stays in view, marked busy.
            aria-busy={products.isPlaceholderData || undefined}
            style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
          >
            {data.items.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  threshold={data.lowStockThreshold}
                  isDeleting={deletingId === product.id}
                  onEdit={() => openDialog(product)}
                  onDelete={() => confirmDelete(product)}
                />
              </li>
            ))}
          </SimpleGrid>
          <ListPager
            data={data}
            pageSize={data.pageSize}
            onChange={goToPage}
            label={t('vendor.products.pagination')}
          />
        </>
      )}

      {/* Phones: the floating button (under the menu drawer's layer, and inert with the page when the drawer is open).
          It steps aside while the list scrolls down, so it never sits on a card's Edit or Delete button, and
          comes back on the way up; the page keeps room below the last card (products.module.css). */}
      <Affix
        position={{ bottom: 20, right: 20 }}
        withinPortal={false}
        zIndex={90}
        hiddenFrom="sm"
        style={isFabShown ? undefined : { visibility: 'hidden' }}
      >
        <ActionIcon
          size={56}
          radius="xl"
          variant="filled"
          aria-label={t('vendor.products.add')}
          title={t('vendor.products.add')}
          onClick={() => openDialog(null)}
          disabled={!canAdd}
          aria-describedby={isAtLimit ? 'products-limit-note' : undefined}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <IconPlus size={28} aria-hidden />
        </ActionIcon>
      </Affix>

      <ProductDialog
        opened={dialog.opened}
        product={dialog.product}
        sessionKey={dialog.sessionKey}
        onClose={closeDialog}
        onSaved={onSaved}
        onClosed={onDialogClosed}
      />
    </Stack>
  )
}

/**
 * All products, or those low on stock (a variant at or below the shop's threshold), with what "low" means here
 * and where the vendor changes it.
 */
function StockFilterBar({
  stock,
  threshold,
  onChange,
}: {
  stock: StockFilter
  threshold: number | null
  onChange: (stock: StockFilter) => void
}) {
  const { t } = useTranslation()
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <SegmentedControl
        aria-label={t('vendor.products.stockFilter.label')}
        value={stock}
        onChange={(value) => onChange(value as StockFilter)}
        data={stockFilters.map((value) => ({ value, label: t(`vendor.products.stockFilter.${value}`) }))}
        style={{ flex: '0 1 360px' }}
      />
      {threshold !== null && (
        <Text size="sm" c="dimmed">
          {t('vendor.products.stockFilter.hint', { count: threshold })}{' '}
          <Anchor component={Link} to={paths.vendor.profile} size="sm" fw={600}>
            {t('vendor.products.stockFilter.change')}
          </Anchor>
        </Text>
      )}
    </Group>
  )
}

/** The plan's product limit, reached: why Add Product is off, and where to lift it. */
function LimitNote({ list }: { list: ProductList }) {
  const { t } = useTranslation()
  return (
    <Alert
      id="products-limit-note"
      role="note"
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('vendor.products.limit.reachedTitle')}
    >
      <Text size="sm">{t('vendor.products.limit.reachedBody', { limit: list.limit })}</Text>
      <Anchor
        component={Link}
        to={paths.vendor.subscription}
        size="sm"
        fw={600}
        mt={4}
        display="inline-block"
      >
        {t('vendor.products.limit.upgrade')}
      </Anchor>
    </Alert>
  )
}

function GridSkeleton() {
  return (
    <>
      <LoadingStatus />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-hidden>
        {Array.from({ length: 8 }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </>
  )
}
