import { existsSync, writeFileSync } from 'node:fs'
import { ADMIN_FILE } from './paths'
import {
  button,
  chooseLanguageBeforehand,
  type Credentials,
  expect,
  field,
  password,
  readSetupLink,
  screenshot,
  signIn,
  t,
  test,
} from './support'

// The setup link works once per server start, so exactly one test creates the first admin; every test that
// needs an admin signs in with the credentials it leaves in test-results/e2e-admin.json.
test('the first admin is created from the one-time link the server printed', async ({
  page,
  request,
}, testInfo) => {
  const statusBefore = await request.get('/api/setup/status')
  const { adminExists } = (await statusBefore.json()) as { adminExists: boolean }
  if (adminExists && existsSync(ADMIN_FILE)) return // a retry after the admin was made: nothing left to do

  const lang = 'en'
  const admin: Credentials = { fullName: 'Isoko Admin', email: `admin-${Date.now()}@example.com`, password }
  await chooseLanguageBeforehand(page, lang)

  const link = await readSetupLink()
  expect(new URL(link).pathname).toBe('/setup/admin')
  await page.goto(link)
  await expect(page.getByRole('heading', { name: t(lang, 'setupAdmin.title') })).toBeVisible()
  await field(page, lang, 'fields.fullName').fill(admin.fullName)
  await field(page, lang, 'fields.email').fill(admin.email)
  await field(page, lang, 'fields.password').fill(admin.password)
  await field(page, lang, 'fields.confirmPassword').fill(admin.password)
  await screenshot(page, testInfo, lang, 'setup-admin')
  await button(page, lang, 'setupAdmin.submit').click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(t(lang, 'setupAdmin.success'))).toBeVisible()
  writeFileSync(ADMIN_FILE, JSON.stringify(admin))

  const statusAfter = await request.get('/api/setup/status')
  expect(await statusAfter.json()).toEqual({ adminExists: true })

  await signIn(page, lang, admin)
  await expect(page).toHaveURL(/\/admin\/?$/)
  await screenshot(page, testInfo, lang, 'admin-home')
})
