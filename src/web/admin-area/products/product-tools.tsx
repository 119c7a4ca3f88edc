import { Fragment, useId, useRef, useState, type ReactNode } from 'react'
import { Group, Tooltip, VisuallyHidden } from '@mantine/core'
import { IconDownload, IconFileSpreadsheet, IconPhoto } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { productStatusFilters } from './use-product-filters'
import type { StockFilter } from '../../../shared/schemas/product'
import { errorBody } from '../../../shared/errors'
import { api, ApiError } from '../../api/client'
import { BusyButton } from '../../components/busy-button'

type Feedback = { success: (message: string) => void; error: (message: string) => void; clear: () => void }

type Filters = {
  q: string
  status: (typeof productStatusFilters)[number]
  from: string | null
  to: string | null
  stock: StockFilter
}

type Tool = 'selected' | 'all' | 'images'

/** The file name the server gave in Content-Disposition, else `fallback`. */
function fileNameOf(response: Response, fallback: string) {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
  return match?.[1] ?? fallback
}

/**
 * Saves an answer as a file: fetched first (so a refusal is shown as a message rather than saved as a file
 * of JSON), then handed to the browser through an object URL.
 */
async function saveDownload(request: Promise<Response>, fallbackName: string) {
  let response: Response
  try {
    response = await request
  } catch {
    throw new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' })
  }
  if (!response.ok) {
    const parsed = errorBody.safeParse(await response.json().catch(() => undefined))
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error)
      : new ApiError(response.status, { code: 'INTERNAL', messageKey: 'errors.internal' })
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response, fallbackName)
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a little later: some browsers read the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return response
}

/**
 * Export Selected, Export All (the current search and filters) and Download Images (spec §2 "/admin/products",
 * §8 product tools). One runs at a time: a second click while a file is on its way is ignored.
 */
export function ProductTools({
  selectedIds,
  filters,
  feedback,
}: {
  selectedIds: readonly string[]
  filters: Filters
  feedback: Feedback
}) {
  const { t } = useTranslation()
  const hintId = useId()
  const running = useRef(false)
  const [busy, setBusy] = useState<Tool | null>(null)
  const hasSelection = selectedIds.length > 0

  const run = async (tool: Tool, work: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(tool)
    feedback.clear()
    try {
      await work()
    } finally {
      running.current = false
      setBusy(null)
    }
  }

  const exportCsv = (tool: 'selected' | 'all') =>
    run(tool, async () => {
      // The selection goes in a body: 500 ids in the address would pass the server's header limit.
      const download =
        tool === 'selected'
          ? api.admin.products.export.$post({ json: { ids: [...selectedIds] } })
          : api.admin.products.export.$get({
              query: {
                q: filters.q || undefined,
                status: filters.status,
                from: filters.from ?? undefined,
                to: filters.to ?? undefined,
                stock: filters.stock,
              },
            })
      try {
        await saveDownload(download, 'products.csv')
      } catch {
        feedback.error(t('admin.products.tools.exportFailed'))
      }
    })

  const downloadImages = () => {
    if (!hasSelection) {
      feedback.error(t('admin.products.tools.selectFirst'))
      return
    }
    void run('images', async () => {
      try {
        const response = await saveDownload(
          api.admin.products.images.$get({ query: { ids: selectedIds.join(',') } }),
          'product-images.zip',
        )
        feedback.success(
          t('admin.products.tools.imagesStarted', {
            count: Number(response.headers.get('x-image-count') ?? 0),
            products: Number(response.headers.get('x-product-count') ?? selectedIds.length),
          }),
        )
      } catch (error) {
        feedback.error(
          error instanceof ApiError && error.messageKey === 'products.noImages'
            ? t('admin.products.tools.noImages')
            : t('admin.products.tools.imagesFailed'),
        )
      }
    })
  }

  const isBusy = busy !== null
  const exportSelectedHint = hasSelection
    ? t('admin.products.tools.exportSelectedHint')
    : t('admin.products.tools.exportSelectedDisabledHint')
  const tools: { tool: Tool; icon: ReactNode; label: string; hint: string; onClick: () => void }[] = [
    {
      tool: 'selected',
      icon: <IconFileSpreadsheet size={16} aria-hidden />,
      label: t('admin.products.tools.exportSelected'),
      hint: exportSelectedHint,
      onClick: () => void exportCsv('selected'),
    },
    {
      tool: 'all',
      icon: <IconDownload size={16} aria-hidden />,
      label: t('admin.products.tools.exportAll'),
      hint: t('admin.products.tools.exportAllHint'),
      onClick: () => void exportCsv('all'),
    },
    {
      tool: 'images',
      icon: <IconPhoto size={16} aria-hidden />,
      label: t('admin.products.tools.downloadImages'),
      hint: t('admin.products.tools.downloadImagesHint'),
      onClick: downloadImages,
    },
  ]
  return (
    <Group role="group" aria-label={t('admin.products.tools.label')} gap="xs" wrap="wrap">
      {tools.map(({ tool, icon, label, hint, onClick }) => (
        <Fragment key={tool}>
          <Tooltip label={hint}>
            {/* aria-disabled rather than disabled: the button stays focusable, so its explanation can be read. */}
            <BusyButton
              variant="light"
              leftSection={icon}
              loading={busy === tool}
              aria-describedby={tool === 'selected' ? hintId : undefined}
              isBusy={isBusy || (tool === 'selected' && !hasSelection)}
              onClick={onClick}
            >
              {label}
            </BusyButton>
          </Tooltip>
          {tool === 'selected' && <VisuallyHidden id={hintId}>{exportSelectedHint}</VisuallyHidden>}
        </Fragment>
      ))}
    </Group>
  )
}
