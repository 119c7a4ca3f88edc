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
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconAlertCircle, IconAlertTriangle, IconLogin, IconPackage, IconPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { vendorStatuses, type VendorStatus } from '../../shared/constants'
import type { ProductDto, ProductList } from '../../shared/schemas/product'
import { useMe } from '../api/account'
import { ApiError } from '../api/client'
import { useDeleteProduct, useVendorProducts } from '../api/products'
import { FlashAlert } from './components/flash-alert'
import { readableAlertStyles } from './components/readable-alert'
import { StatusNotice } from './components/status-notice'
import { failureDetail, useFlashMessage } from './components/use-flash-message'
import vendorClasses from './components/vendor-page.module.css'
import { ProductCard, ProductCardSkeleton } from './products/product-card'
import { ProductDialog, type SavedProduct } from './products/product-dialog'
import classes from './products/products.module.css'

/** Spec: a page of the grid. */
const pageSize = 24

/** /vendor/products (spec §2 "/vendor/products"). */
export default function VendorProductsPage() {
  const me = useMe().data
  // The vendor layout already turns away anyone signed out; this covers a session that ended meanwhile.
  if (!me) return <SignedOutPrompt />
  if (!me.vendor) return <NoVendorMessage />
  const status = vendorStatuses.find((value) => value === me.vendor?.status) ?? 'pending'
  return <Products vendorStatus={status} />
}

type DialogState = { opened: boolean; product: ProductDto | null; sessionKey: number }

function Products({ vendorStatus }: { vendorStatus: VendorStatus }) {
  const { t } = useTranslation()
  const [searchParams, setSearchParams] = useSearchParams()
  const requestedPage = Number.parseInt(searchParams.get('page') ?? '1', 10)
  const page = Number.isFinite(requestedPage) && requestedPage > 0 ? requestedPage : 1
  const products = useVendorProducts({ page, pageSize })
  const remove = useDeleteProduct()
  const feedback = useFlashMessage()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHeadingOnClose = useRef(false)
  const [dialog, setDialog] = useState<DialogState>({ opened: false, product: null, sessionKey: 0 })
  const [deletingId, setDeletingId] = useState<string | null>(null)
  const { pinned: isFabShown } = useHeadroom({ fixedAt: 120 })

  const data = products.data
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  // Deleting the last product of the last page leaves an empty page: show the one before it instead.
  const isPastEnd = data !== undefined && data.items.length === 0 && page > 1
  useEffect(() => {
    if (isPastEnd) setSearchParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true })
  }, [isPastEnd, lastPage, setSearchParams])

  const goToPage = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {})
    headingRef.current?.focus()
  }

  const openDialog = (product: ProductDto | null) => {
    feedback.clear()
    // The first product's 'Add First Product' button goes away with the empty state: focus then goes to the heading.
    focusHeadingOnClose.current = product === null && data?.total === 0
    setDialog((current) => ({ opened: true, product, sessionKey: current.sessionKey + 1 }))
  }
  const closeDialog = () => setDialog((current) => ({ ...current, opened: false }))
  const onSaved = ({ product, mode }: SavedProduct) => {
    closeDialog()
    feedback.success(
      t(mode === 'create' ? 'products.saved.created' : 'products.saved.updated', { name: product.name }),
    )
  }
  const onDialogClosed = () => {
    if (focusHeadingOnClose.current) headingRef.current?.focus()
    focusHeadingOnClose.current = false
  }

  const confirmDelete = (product: ProductDto) =>
    modals.openConfirmModal({
      title: t('products.delete.title'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('products.delete.body', { name: product.name })}
        </Text>
      ),
      labels: { confirm: t('products.delete.confirm'), cancel: t('products.delete.cancel') },
      confirmProps: { color: 'red.9' },
      // The safe choice has focus: Enter on an opened dialog must not delete.
      cancelProps: { 'data-autofocus': true },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => {
        feedback.clear()
        setDeletingId(product.id)
        remove.mutate(product.id, {
          onSuccess: () => {
            feedback.success(t('products.delete.done', { name: product.name }))
            // The card and its buttons are gone: focus goes to the top of the list rather than the page's end.
            headingRef.current?.focus()
          },
          onError: (error) => feedback.error(t('products.delete.failed'), failureDetail(t, error)),
          onSettled: () => setDeletingId(null),
        })
      },
    })

  if (products.error instanceof ApiError && products.error.messageKey === 'vendor.notRegistered') {
    return <NoVendorMessage />
  }

  const isAtLimit = data !== undefined && data.limit !== null && data.total >= data.limit
  const canAdd = data !== undefined && !isAtLimit

  return (
    <Stack gap="lg" maw={1280} className={`${vendorClasses.page} ${classes.pageWithFab}`}>
      <Group component="header" justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {t('products.title')}
          </Title>
          {data && (
            <Text c="dimmed" size="sm" mt={2}>
              {data.limit === null
                ? t('products.count', { count: data.total })
                : t('products.limit.usage', { count: data.total, limit: data.limit })}
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
          {t('products.add')}
        </Button>
      </Group>

      {/* One group, so the flash message's empty live region adds no gap of its own. */}
      <Stack gap="sm">
        <StatusNotice status={vendorStatus} />
        {isAtLimit && data && <LimitNote list={data} />}
        <FlashAlert flash={feedback.flash} />
      </Stack>

      {!data && !products.isError ? (
        <GridSkeleton />
      ) : !data ? (
        <Alert
          color="red"
          variant="light"
          styles={readableAlertStyles}
          icon={<IconAlertCircle aria-hidden />}
          title={t('products.loadFailed')}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{failureDetail(t, products.error) ?? t('products.loadFailedBody')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void products.refetch()}
              loading={products.isRefetching}
            >
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : data.total === 0 ? (
        <EmptyState
          icon={<IconPackage size={32} aria-hidden />}
          variant="light"
          title={t('products.empty.title')}
          description={t('products.empty.body')}
          py="xl"
        >
          <EmptyState.Actions>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => openDialog(null)}
              disabled={!canAdd}
            >
              {t('products.addFirst')}
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
            aria-label={t('products.listLabel')}
            // While another page loads, the old one stays in view, marked busy.
            aria-busy={products.isPlaceholderData || undefined}
            style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
          >
            {data.items.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  isDeleting={deletingId === product.id}
                  onEdit={() => openDialog(product)}
                  onDelete={() => confirmDelete(product)}
                />
              </li>
            ))}
          </SimpleGrid>
          {data.total > data.pageSize && (
            <Group justify="center" component="nav" aria-label={t('products.pagination')}>
              <Pagination
                total={lastPage}
                value={Math.min(page, lastPage)}
                onChange={goToPage}
                getItemProps={(item) => ({ 'aria-label': t('products.pageLabel', { page: item }) })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t('products.previousPage') }
                    : control === 'next'
                      ? { 'aria-label': t('products.nextPage') }
                      : {}
                }
              />
            </Group>
          )}
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
          aria-label={t('products.add')}
          title={t('products.add')}
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

/** The plan's product limit, reached: why Add Product is off, and where to lift it. */
function LimitNote({ list }: { list: ProductList }) {
  const { t } = useTranslation()
  return (
    <Alert
      id="products-limit-note"
      role="note"
      color="yellow"
      variant="light"
      styles={readableAlertStyles}
      icon={<IconAlertTriangle aria-hidden />}
      title={t('products.limit.reachedTitle')}
    >
      <Text size="sm">{t('products.limit.reachedBody', { limit: list.limit })}</Text>
      <Anchor component={Link} to="/vendor/subscription" size="sm" fw={600} mt={4} display="inline-block">
        {t('products.limit.upgrade')}
      </Anchor>
    </Alert>
  )
}

function GridSkeleton() {
  const { t } = useTranslation()
  return (
    <>
      <Text role="status">
        <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" aria-hidden>
        {Array.from({ length: 8 }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </>
  )
}

/** Spec: not logged in, a prompt to log in. */
function SignedOutPrompt() {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={720} className={vendorClasses.page}>
      <Title order={1}>{t('products.title')}</Title>
      <Alert
        role="note"
        variant="light"
        styles={readableAlertStyles}
        icon={<IconLogin aria-hidden />}
        title={t('products.signedOut.title')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('products.signedOut.body')}</Text>
          <Button component={Link} to="/login" size="xs">
            {t('products.signedOut.action')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  )
}

/** Spec: no vendor profile, a message with a link to /vendor/register. */
function NoVendorMessage() {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={720} className={vendorClasses.page}>
      <Title order={1}>{t('products.title')}</Title>
      <Alert
        role="note"
        color="yellow"
        variant="light"
        styles={readableAlertStyles}
        icon={<IconAlertTriangle aria-hidden />}
        title={t('products.noVendor.title')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('products.noVendor.body')}</Text>
          <Button component={Link} to="/vendor/register" size="xs">
            {t('products.noVendor.action')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  )
}
