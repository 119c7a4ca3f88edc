import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { DecisionSection } from '../../src/web/components/decision-section'
import { ReasonDialog } from '../../src/web/components/reason-dialog'
import en from '../../src/web/i18n/en.json'
import { renderInApp } from './render'

const texts = en.admin.vendors
const shop = 'Kivu Quick Phones'
const question = texts.approveDialog.body.replace('{{shop}}', shop)
const reasonRequired = en.errors.reasonRequired

/** The View dialog's decision on a pending application, as application-details.tsx wires it. */
function renderApplicationDecision() {
  const onDecide = vi.fn()
  renderInApp(
    <DecisionSection
      id="application-decision"
      title={texts.application.decision.title}
      texts="admin.vendors"
      isBusy={false}
      acting={undefined}
      canApprove
      canReject
      approvalCheck={{ question, confirmLabel: texts.approveDialog.confirm }}
      onDecide={onDecide}
    />,
  )
  return onDecide
}

// Mantine's growing textarea listens for web fonts loading, which the simulated document does not have.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })
})

const button = (name: string) => screen.getByRole('button', { name })

describe("an application's decision in its View dialog", () => {
  it('asks before an approval, naming the shop; Cancel sends nothing, Approve application sends it', async () => {
    const onDecide = renderApplicationDecision()

    await userEvent.click(button(texts.approve))

    expect(onDecide).not.toHaveBeenCalled()
    expect(screen.getByText(question)).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(button(texts.approveDialog.confirm)))
    await userEvent.click(button(en.actions.cancel))
    expect(screen.queryByText(question)).toBeNull()
    expect(onDecide).not.toHaveBeenCalled()

    await userEvent.click(button(texts.approve))
    await userEvent.click(button(texts.approveDialog.confirm))
    expect(onDecide).toHaveBeenCalledTimes(1)
    expect(onDecide.mock.calls[0]![0]).toEqual({ status: 'approved' })
  })

  it('will not send a rejection without a reason: it says one is needed, beside the field', async () => {
    const onDecide = renderApplicationDecision()
    await userEvent.click(button(texts.reject))
    const reason = screen.getByRole('textbox', { name: new RegExp(`^${en.fields.rejectionReason}`) })
    expect(reason.hasAttribute('required')).toBe(true)

    await userEvent.type(reason, '   ')
    await userEvent.click(button(texts.rejectDialog.confirm))

    expect(onDecide).not.toHaveBeenCalled()
    const message = screen.getByText(reasonRequired)
    expect(reason.getAttribute('aria-describedby')).toContain(message.id)
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(reason)

    await userEvent.type(reason, ' No RDB certificate. ')
    expect(screen.queryByText(reasonRequired)).toBeNull()
    await userEvent.click(button(texts.rejectDialog.confirm))
    expect(onDecide).toHaveBeenCalledTimes(1)
    expect(onDecide.mock.calls[0]![0]).toEqual({ status: 'rejected', reason: 'No RDB certificate.' })
  })
})

describe('the rejection dialog of a list', () => {
  const renderDialog = (isReasonRequired: boolean) => {
    const onConfirm = vi.fn()
    renderInApp(
      <ReasonDialog
        subject={{ shopName: shop }}
        title={texts.rejectDialog.title}
        body={(vendor) => texts.rejectDialog.body.replace('{{shop}}', vendor.shopName)}
        confirmLabel={texts.rejectDialog.confirm}
        isReasonRequired={isReasonRequired}
        isPending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    )
    return onConfirm
  }

  it('asks for the reason an application or a product is rejected, and sends it trimmed', async () => {
    const onConfirm = renderDialog(true)
    const confirm = await screen.findByRole('button', { name: texts.rejectDialog.confirm })

    await userEvent.click(confirm)

    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByText(reasonRequired)).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox'), '  Blurry photos  ')
    await userEvent.click(confirm)
    expect(onConfirm).toHaveBeenCalledWith({ shopName: shop }, 'Blurry photos')
  })

  it("keeps a payout's reason optional", async () => {
    const onConfirm = renderDialog(false)

    await userEvent.click(await screen.findByRole('button', { name: texts.rejectDialog.confirm }))

    expect(onConfirm).toHaveBeenCalledWith({ shopName: shop }, '')
    expect(screen.getByRole('textbox', { name: en.fields.reason })).toBeTruthy()
  })
})
