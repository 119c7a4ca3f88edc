import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  useDecideProduct,
  useDecideProducts,
  type BulkProductDecision,
  type ProductDecision,
} from '../../api/admin-products'
import { failureDetail } from '../../components/use-flash-message'
import type { DecisionReport } from '../../components/use-one-at-a-time'

export type DecisionStatus = ProductDecision['status']

/** The decisions on their way, by product id: those products' buttons say so and ignore clicks. */
export type Acting = ReadonlyMap<string, DecisionStatus>

/**
 * Approving and rejecting products, one from a row or the details dialog, or the selected ones at once. While an
 * action on a product runs, a second action on that product is ignored (admin §4); other products stay free.
 * The guard is a ref, so even two clicks in the same frame, before the buttons re-render as busy, send one
 * request.
 */
export function useProductDecisions() {
  const { t } = useTranslation()
  const one = useDecideProduct()
  const many = useDecideProducts()
  const busy = useRef(new Set<string>())
  const isBulkBusy = useRef(false)
  const [acting, setActing] = useState<Acting>(new Map())
  const [isBulkRunning, setIsBulkRunning] = useState(false)

  const start = (ids: string[], status: DecisionStatus) => {
    for (const id of ids) busy.current.add(id)
    setActing((current) => new Map([...current, ...ids.map((id) => [id, status] as const)]))
  }
  const finish = (ids: string[]) => {
    for (const id of ids) busy.current.delete(id)
    setActing((current) => new Map([...current].filter(([id]) => !ids.includes(id))))
  }
  const failure = (error: unknown) =>
    t('admin.products.decideFailed', { message: failureDetail(t, error) ?? t('errors.internal') })

  const decide = (decision: ProductDecision, report: DecisionReport) => {
    if (busy.current.has(decision.id)) return
    start([decision.id], decision.status)
    // Each call keeps its own promise: decisions on two products at once both report back.
    one
      .mutateAsync(decision)
      .then(() =>
        report.success(
          t('admin.products.decided', { status: t(`admin.products.decidedStatus.${decision.status}`) }),
        ),
      )
      .catch((error: unknown) => report.error(failure(error)))
      .finally(() => {
        finish([decision.id])
        report.settled?.()
      })
  }

  /** The selected products whose own action is not running; those are left to it. */
  const decideMany = (decision: BulkProductDecision, report: DecisionReport) => {
    if (isBulkBusy.current) return
    const ids = decision.ids.filter((id) => !busy.current.has(id))
    if (ids.length === 0) return
    isBulkBusy.current = true
    setIsBulkRunning(true)
    start(ids, decision.status)
    many
      .mutateAsync({ ...decision, ids })
      .then(({ changed, unchanged }) => {
        const updated = t('admin.products.bulk.updated', { count: changed.length })
        report.success(
          unchanged.length > 0
            ? `${updated}, ${t('admin.products.bulk.unchanged', { count: unchanged.length })}`
            : updated,
        )
      })
      .catch((error: unknown) => report.error(failure(error)))
      .finally(() => {
        isBulkBusy.current = false
        setIsBulkRunning(false)
        finish(ids)
        report.settled?.()
      })
  }

  return { acting, isBulkRunning, decide, decideMany }
}
