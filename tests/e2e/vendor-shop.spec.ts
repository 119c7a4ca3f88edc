import { planDetails } from '../../src/shared/constants'
import { formatPhone } from '../../src/shared/phone'
import { formatRwf } from '../../src/shared/money'
import {
  button,
  chooseLanguageBeforehand,
  createConfirmedVendor,
  exactly,
  expect,
  expectFieldError,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  pdfFile,
  pngFile,
  screenshot,
  signIn,
  spoofedPng,
  t,
  test,
  testLanguages,
  type Language,
} from './support'
import type { Page } from '@playwright/test'
import type { KeyPart, TextKey } from '../../src/web/i18n/keys'

/** A shop name no other test (or earlier run against the same server) has taken: shop names are unique. */
const uniqueShopName = (base: string) =>
  `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`

/** The list of files an upload widget shows under its picker, named after the widget's label. */
const uploadList = (page: Page, lang: Language, labelKey: TextKey) =>
  page.getByRole('list', { name: t(lang, 'uploads.listLabel', { label: t(lang, labelKey) }) })

/**
 * How a stored file is listed: pictures are re-encoded as WebP by the server, so 'logo.png' comes back as
 * 'logo.webp'; the name before the extension is what the person recognises.
 */
const storedAs = (file: { name: string }) => file.name.replace(/\.[a-z]+$/i, '')

/** The wizard says which step it is on, in words and in its heading. */
async function expectWizardStep(
  page: Page,
  lang: Language,
  index: number,
  step: KeyPart<'vendor.register.stepTitles'>,
) {
  await expect(
    page.getByText(t(lang, 'vendor.register.stepOf', { current: index, total: 5 }), { exact: true }),
  ).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, `vendor.register.stepTitles.${step}`) }),
  ).toBeVisible()
}

for (const lang of testLanguages) {
  test(`a new vendor registers the shop in five steps, edits the profile and changes plan (${lang})`, async ({
    page,
    request,
    browser,
  }, testInfo) => {
    // A long scenario (wizard, profile, documents, logo, plan): on a busy 2-core machine it can pass a minute.
    test.setTimeout(150_000)
    // Registering and confirming the account is vendor-onboarding.spec.ts's subject: done through the API here.
    const vendor = await createConfirmedVendor(request, 'Aline Uwase')
    const shop = {
      name: uniqueShopName('Aline Crafts'),
      address: 'KN 4 Ave, Nyarugenge, Kigali',
      phone: '0788123456',
    }
    const edited = { name: uniqueShopName('Aline Crafts & Co'), address: 'KG 11 Ave, Gasabo, Kigali' }
    const [logo, govId, certificate, licence] = await Promise.all([
      pngFile('shop-logo.png'),
      pdfFile('national-id.pdf', 'National ID'),
      pdfFile('rdb-certificate.pdf', 'RDB certificate'),
      pngFile('trading-licence.png', 96, { r: 180, g: 83, b: 9 }),
    ])
    await chooseLanguageBeforehand(page, lang)

    await test.step('sign in on /login: no shop yet, so the registration wizard', async () => {
      await signIn(page, lang, vendor)
      await expect(page).toHaveURL(/\/vendor\/register$/)
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'vendor.register.title') }),
      ).toBeVisible()
      await expectWizardStep(page, lang, 1, 'personal')
    })

    await test.step('step 1, personal: an empty or non-Rwandan-mobile phone is refused', async () => {
      const fullName = field(page, lang, 'fields.fullName')
      const phone = field(page, lang, 'vendor.register.fields.phone')
      // The name given at sign-up is offered.
      await expect(fullName).toHaveValue(vendor.fullName)
      await expect(field(page, lang, 'fields.email')).toHaveValue(vendor.email)

      await button(page, lang, 'vendor.register.next').click()
      await expectFieldError(phone, t(lang, 'errors.required'))
      await expect(phone).toBeFocused()
      await expectWizardStep(page, lang, 1, 'personal')

      await fullName.fill('')
      await phone.fill('0712345678') // 071 is no Rwandan mobile prefix (MTN 078/079, Airtel 072/073)
      await button(page, lang, 'vendor.register.next').click()
      await expectFieldError(fullName, t(lang, 'errors.required'))
      await expectFieldError(phone, t(lang, 'vendor.phoneInvalid'))
      await expectWizardStep(page, lang, 1, 'personal')
      await screenshot(page, testInfo, lang, 'register-personal-errors')

      await fullName.fill(vendor.fullName)
      await phone.fill(shop.phone)
      await button(page, lang, 'vendor.register.next').click()
      await expectWizardStep(page, lang, 2, 'shop')
    })

    await test.step('step 2, shop: the name and address are required', async () => {
      const shopName = field(page, lang, 'fields.shopName')
      const address = field(page, lang, 'fields.businessAddress')
      await button(page, lang, 'vendor.register.next').click()
      await expectFieldError(shopName, t(lang, 'errors.required'))
      await expectFieldError(address, t(lang, 'errors.required'))
      await expectWizardStep(page, lang, 2, 'shop')

      await shopName.fill(shop.name)
      await address.fill(shop.address)
      await screenshot(page, testInfo, lang, 'register-shop')
      await button(page, lang, 'vendor.register.next').click()
      await expectWizardStep(page, lang, 3, 'branding')
    })

    await test.step('step 3, branding: a program named logo.png is refused, a real PNG is kept', async () => {
      const picker = field(page, lang, 'vendor.register.fields.logo')
      const files = uploadList(page, lang, 'vendor.register.fields.logo')

      // The server reads the bytes, not the name: 'MZ…' is a Windows program whatever it is called.
      await picker.setInputFiles(spoofedPng('logo.png'))
      const refused = files.getByRole('listitem').filter({ hasText: 'logo.png' })
      await expect(refused).toContainText(t(lang, 'uploads.status.failed'))
      await expect(refused).toContainText(
        t(lang, 'uploads.typeNotAllowed', { types: 'JPEG, PNG, WebP, GIF' }),
      )
      await screenshot(page, testInfo, lang, 'register-logo-refused')
      await page
        .getByRole('button', { name: exactly(t(lang, 'uploads.remove', { name: 'logo.png' })) })
        .click()
      await expect(refused).toHaveCount(0)

      await picker.setInputFiles(logo)
      const kept = files.getByRole('listitem').filter({ hasText: storedAs(logo) })
      await expect(kept).toContainText(t(lang, 'uploads.status.success'))
      await screenshot(page, testInfo, lang, 'register-branding')
      await button(page, lang, 'vendor.register.next').click()
      await expectWizardStep(page, lang, 4, 'documents')
    })

    await test.step('step 4, documents: the government ID is required, a PDF will do', async () => {
      const picker = field(page, lang, 'fields.govId')
      await button(page, lang, 'vendor.register.next').click()
      await expect(page.getByText(t(lang, 'vendor.register.govIdRequired'))).toBeVisible()
      await expectWizardStep(page, lang, 4, 'documents')

      await picker.setInputFiles(govId)
      await expect(
        uploadList(page, lang, 'fields.govId')
          .getByRole('listitem')
          .filter({ hasText: storedAs(govId) }),
      ).toContainText(t(lang, 'uploads.status.success'))
      await expect(page.getByText(t(lang, 'vendor.register.govIdRequired'))).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'register-documents')
      await button(page, lang, 'vendor.register.next').click()
      await expectWizardStep(page, lang, 5, 'payout')
    })

    await test.step('step 5, payout: MTN mobile money, then Complete Registration', async () => {
      await page
        .getByRole('radio', { name: exactly(t(lang, 'vendor.register.methods.mobile_money')) })
        .check()
      await page.getByRole('radio', { name: exactly(t(lang, 'vendor.register.providers.mtn')) }).check()
      // The phone from step 1 is offered as the mobile money number.
      await expect(field(page, lang, 'fields.mobileNumber')).toHaveValue(shop.phone)
      await screenshot(page, testInfo, lang, 'register-payout')
      await button(page, lang, 'vendor.register.complete').click()
    })

    await test.step("/vendor: 'Under Review', four figures, the free Starter plan", async () => {
      await expect(page).toHaveURL(/\/vendor$/)
      await expect(page.getByRole('heading', { level: 1, name: shop.name })).toBeVisible()
      const notice = page.getByRole('note').filter({ hasText: t(lang, 'vendor.status.pendingTitle') })
      await expect(notice).toContainText(t(lang, 'vendor.status.pendingBody'))

      const overview = page.getByRole('region', { name: t(lang, 'vendor.dashboard.overview') })
      for (const stat of ['products', 'orders', 'revenue', 'pendingPayouts'] as const) {
        await expect(
          overview.getByRole('term').filter({ hasText: t(lang, `vendor.dashboard.stats.${stat}`) }),
        ).toBeVisible()
      }
      await expect(overview.getByRole('definition').filter({ hasText: formatRwf(0) })).toHaveCount(2)

      const subscription = page.getByRole('region', {
        name: t(lang, 'vendor.subscription.card.title'),
        exact: true,
      })
      await expect(subscription).toContainText(t(lang, 'vendor.subscription.plans.starter.name'))
      await expect(
        subscription.getByText(t(lang, 'vendor.subscription.card.free'), { exact: true }),
      ).toBeVisible()
      await expect(subscription).toContainText(t(lang, 'status.active'))
      await screenshot(page, testInfo, lang, 'dashboard-new-shop')
    })

    await test.step('/vendor/profile: new shop name and address, the phone left as it is', async () => {
      await openFromMenu(page, lang, 'nav.profile')
      await expect(page).toHaveURL(/\/vendor\/profile$/)
      const shopInfo = page.getByRole('region', { name: t(lang, 'vendor.profile.shopInfo') })
      await expect(shopInfo).toContainText(shop.name)
      await button(shopInfo, lang, 'actions.edit').click()

      const shopName = field(shopInfo, lang, 'fields.shopName')
      await expect(shopName).toBeFocused()
      await shopName.fill(edited.name)
      await field(shopInfo, lang, 'fields.businessAddress').fill(edited.address)
      const phone = field(shopInfo, lang, 'vendor.profile.fields.phone')
      await expect(phone).toHaveValue(formatPhone('+250788123456'))
      await screenshot(page, testInfo, lang, 'profile-editing')
      await button(shopInfo, lang, 'actions.saveChanges').click()

      await expect(shopInfo.getByRole('status')).toHaveText(t(lang, 'vendor.profile.updated'))
      await expect(shopInfo).toContainText(edited.name)
      await expect(shopInfo).toContainText(edited.address)
      await expect(shopInfo).toContainText(formatPhone('+250788123456'))
      await expect(button(shopInfo, lang, 'actions.edit')).toBeFocused()
      await screenshot(page, testInfo, lang, 'profile-updated')
    })

    await test.step('/vendor/profile: two business documents, a PDF and a PNG', async () => {
      const documents = page.getByRole('region', { name: t(lang, 'vendor.profile.documents.title') })
      await expect(documents).toContainText(t(lang, 'vendor.profile.documents.none'))
      await field(documents, lang, 'vendor.profile.documents.upload').setInputFiles([certificate, licence])
      const files = uploadList(page, lang, 'vendor.profile.documents.upload')
      for (const file of [certificate, licence]) {
        await expect(files.getByRole('listitem').filter({ hasText: storedAs(file) })).toContainText(
          t(lang, 'uploads.status.success'),
        )
      }
      await button(documents, lang, 'vendor.profile.documents.save').click()
      await expect(documents.getByRole('status')).toHaveText(t(lang, 'vendor.profile.documents.updated'))
      await expect(button(documents, lang, 'vendor.profile.documents.save')).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'profile-documents')

      // Saved on the shop, not only on the screen: they are there after a reload.
      await page.reload()
      const reloaded = uploadList(page, lang, 'vendor.profile.documents.upload')
      await expect(reloaded.getByRole('link', { name: new RegExp(storedAs(certificate)) })).toBeVisible()
      await expect(reloaded.getByRole('link', { name: new RegExp(storedAs(licence)) })).toBeVisible()
    })

    // A single-file slot replaces its file: the vendor need not find the bin icon first.
    await test.step('/vendor/profile: a new logo replaces the one the shop has', async () => {
      const logoSection = page.getByRole('region', { name: t(lang, 'vendor.profile.logo.title') })
      const newLogo = await pngFile('new-logo.png')
      await field(logoSection, lang, 'vendor.profile.logo.upload').setInputFiles(newLogo)
      const files = uploadList(page, lang, 'vendor.profile.logo.upload')
      await expect(files.getByRole('listitem').filter({ hasText: storedAs(newLogo) })).toContainText(
        t(lang, 'uploads.status.success'),
      )
      await expect(files.getByRole('listitem')).toHaveCount(1)
      await expect(logoSection.getByRole('alert')).toHaveCount(0)
      await button(logoSection, lang, 'vendor.profile.logo.save').click()
      await expect(logoSection.getByRole('status')).toHaveText(t(lang, 'vendor.profile.logo.updated'))
    })

    await test.step('/vendor/subscription: choose Business; it waits until the team confirms the payment', async () => {
      await openFromMenu(page, lang, 'nav.subscription')
      await expect(page).toHaveURL(/\/vendor\/subscription$/)
      const starter = t(lang, 'vendor.subscription.plans.starter.name')
      const business = t(lang, 'vendor.subscription.plans.business.name')
      await expect(
        page.getByText(t(lang, 'vendor.subscription.currentPlanIs', { plan: starter })),
      ).toBeVisible()
      // A plan card is named by all it shows, its name first. Growth is the plan the page opens on.
      const plan = (name: string) => page.getByRole('radio', { name: new RegExp(`^\\s*${name}\\b`) })
      await expect(plan(t(lang, 'vendor.subscription.plans.growth.name'))).toBeChecked()

      await plan(business).click()
      await expect(plan(business)).toBeChecked()
      await screenshot(page, testInfo, lang, 'subscription-plans')
      await button(page, lang, 'vendor.subscription.choose', { plan: business }).click()

      const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.subscription.confirmTitle') })
      await expect(dialog).toContainText(
        t(lang, 'vendor.subscription.confirmBody', {
          current: starter,
          plan: business,
          price: formatRwf(planDetails.business.priceRwf),
        }),
      )
      await screenshot(page, testInfo, lang, 'subscription-confirm', { fullPage: false })
      await expect(dialog).toContainText(t(lang, 'vendor.subscription.paymentNote'))
      await button(dialog, lang, 'actions.confirm').click()

      await expect(dialog).toBeHidden()
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: t(lang, 'vendor.subscription.requested', { plan: business }) }),
      ).toBeVisible()
      // Until the payment is confirmed, the vendor stays on Starter and is told what is awaited.
      await expect(
        page.getByText(t(lang, 'vendor.subscription.currentPlanIs', { plan: starter })),
      ).toBeVisible()
      const pending = page.getByRole('note').filter({ hasText: t(lang, 'vendor.subscription.pending.title') })
      await expect(pending).toContainText(
        t(lang, 'vendor.subscription.pending.body', {
          plan: business,
          price: formatRwf(planDetails.business.priceRwf),
          current: starter,
        }),
      )
      await screenshot(page, testInfo, lang, 'subscription-requested')

      // The team confirms the payment from the shop's dialog; the vendor's screen follows live.
      const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
      const adminPage = await adminContext.newPage()
      await chooseLanguageBeforehand(adminPage, lang)
      await openAdminArea(adminPage)
      await expect(adminPage).toHaveURL(/\/admin\/?$/)
      await openFromMenu(adminPage, lang, 'nav.vendors')
      await adminPage
        .getByRole('searchbox', { name: exactly(t(lang, 'admin.vendors.search.label')) })
        .fill(edited.name)
      const row = listed(adminPage, edited.name)
      await expect(row).toHaveCount(1)
      await row.getByRole('button', { name: exactly(t(lang, 'admin.vendors.view')) }).click()
      const application = adminPage.getByRole('dialog', { name: t(lang, 'admin.vendors.application.title') })
      const planRequest = application.getByRole('region', {
        name: t(lang, 'admin.vendors.application.plan.title'),
      })
      const planParams = {
        shop: edited.name,
        plan: t(lang, 'admin.vendors.plans.business'),
        price: formatRwf(planDetails.business.priceRwf),
      }
      await expect(planRequest).toContainText(t(lang, 'admin.vendors.application.plan.body', planParams))
      await planRequest
        .getByRole('button', { name: t(lang, 'admin.vendors.application.plan.confirm') })
        .click()
      const confirmPayment = adminPage.getByRole('dialog', {
        name: t(lang, 'admin.vendors.application.plan.confirmTitle'),
      })
      await expect(confirmPayment).toContainText(
        t(lang, 'admin.vendors.application.plan.confirmBody', planParams),
      )
      await screenshot(adminPage, testInfo, lang, 'admin-confirm-plan-payment', { fullPage: false })
      await confirmPayment
        .getByRole('button', { name: t(lang, 'admin.vendors.application.plan.confirm') })
        .click()
      await expect(
        application.getByRole('status').filter({
          hasText: t(lang, 'admin.vendors.application.plan.confirmed', planParams),
        }),
      ).toBeVisible()
      await expect(
        planRequest.getByRole('button', { name: t(lang, 'admin.vendors.application.plan.confirm') }),
      ).toHaveCount(0)
      await adminContext.close()

      await expect(
        page.getByText(t(lang, 'vendor.subscription.currentPlanIs', { plan: business })),
      ).toBeVisible()
      await expect(pending).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'subscription-changed')
    })

    await test.step('/vendor: the subscription card shows Business, no longer free', async () => {
      await openFromMenu(page, lang, 'nav.dashboard')
      await expect(page).toHaveURL(/\/vendor$/)
      await expect(page.getByRole('heading', { level: 1, name: edited.name })).toBeVisible()
      const subscription = page.getByRole('region', {
        name: t(lang, 'vendor.subscription.card.title'),
        exact: true,
      })
      await expect(subscription).toContainText(t(lang, 'vendor.subscription.plans.business.name'))
      await expect(subscription).toContainText(formatRwf(planDetails.business.priceRwf))
      await expect(
        subscription.getByText(t(lang, 'vendor.subscription.card.free'), { exact: true }),
      ).toHaveCount(0)
      await expect(page.getByRole('region', { name: t(lang, 'vendor.dashboard.shopInfo') })).toContainText(
        edited.address,
      )
      await screenshot(page, testInfo, lang, 'dashboard-business-plan')
    })
  })
}
