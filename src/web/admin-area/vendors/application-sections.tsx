import { Anchor, Group, Image, List, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconCircleX, IconFileTypePdf, IconPhoto } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { mobileMoneyProviders } from '../../../shared/constants'
import { fileIdFromUrl, fileThumbUrl } from '../../../shared/schemas/upload'
import {
  applicationChecklist,
  type AdminVendorApplication,
  type FileRefDto,
} from '../../../shared/schemas/vendor'
import { DAY_MS } from '../../../shared/subscription'
import { FieldList, type Field } from '../../components/field-list'
import { useFormatDate } from '../../components/format-date'
import { CardList } from '../../components/card-list'
import { DialogSection } from '../../components/section-card'
import { ExternalLink } from '../../components/external-link'
import { NoneText } from '../../components/none-text'
import { useRevealVendorPayoutDetails } from '../../api/admin-vendors'
import { RevealPayoutDetails } from '../payouts/reveal-payout-details'

/** 'n of 4 required items completed' (admin §2), then each item with the word for its state, not only a colour. */
export function ChecklistSection({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  const { completed, total, missing } = application.completeness
  return (
    <DialogSection id="application-checklist" title={t('admin.vendors.application.checklist.title')}>
      <Text size="sm" fw={500}>
        {t('admin.vendors.application.checklist.summary', { completed, total })}
      </Text>
      <Progress
        value={(completed / Math.max(total, 1)) * 100}
        color={completed === total ? 'green.8' : 'yellow.7'}
        size="sm"
        aria-hidden
      />
      <List spacing={6} size="sm" listStyleType="none" withPadding={false}>
        {applicationChecklist.map((item) => {
          const isMissing = missing.includes(item)
          return (
            <List.Item
              key={item}
              icon={
                isMissing ? (
                  <IconCircleX size={18} color="var(--mantine-color-red-8)" aria-hidden />
                ) : (
                  <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
                )
              }
            >
              {t(`admin.vendors.application.checklist.items.${item}`)}
              {': '}
              <Text span size="sm" c={isMissing ? 'red.8' : 'dimmed'} fw={isMissing ? 600 : undefined}>
                {isMissing
                  ? t('admin.vendors.application.checklist.missing')
                  : t('admin.vendors.application.checklist.provided')}
              </Text>
            </List.Item>
          )
        })}
      </List>
    </DialogSection>
  )
}

const mapsUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

/** A file this app serves, or an outside address; anything else in gov_id is an ID number (admin §2). */
const isLink = (value: string) => fileIdFromUrl(value) !== null || /^https?:\/\//i.test(value)

/** Shop, owner and how to reach them; the address opens a map, the e-mail a message, the phone a call. */
export function ShopSection({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  const formatDate = useFormatDate()
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(application.createdAt)) / DAY_MS))
  const notProvided = <NoneText inline>{t('admin.vendors.application.shop.notProvided')}</NoneText>
  const { plan } = application.subscription
  const fields: Field[] = [
    { label: t('fields.shopName'), value: application.shopName },
    {
      label: t('fields.businessAddress'),
      value: (
        <Stack gap={2} align="flex-start">
          <span>{application.businessAddress}</span>
          <ExternalLink href={mapsUrl(application.businessAddress)}>
            {t('admin.vendors.application.shop.openMap')}
          </ExternalLink>
        </Stack>
      ),
    },
    {
      label: t('admin.vendors.application.shop.ownerEmail'),
      value: (
        <Anchor href={`mailto:${application.email}`} inherit>
          {application.email}
        </Anchor>
      ),
    },
    { label: t('admin.vendors.application.shop.ownerName'), value: application.fullName },
    {
      label: t('admin.vendors.application.shop.phone'),
      value: application.phone ? (
        <Anchor href={`tel:${application.phone}`} inherit>
          {application.phone}
        </Anchor>
      ) : (
        notProvided
      ),
    },
    {
      label: t('fields.govId'),
      value: !application.govId ? (
        notProvided
      ) : isLink(application.govId) ? (
        <ExternalLink href={application.govId}>{t('admin.vendors.application.shop.govIdView')}</ExternalLink>
      ) : (
        application.govId
      ),
    },
    {
      label: t('admin.vendors.application.shop.registered'),
      value: (
        <>
          <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
          <Text span size="sm" c="dimmed">
            {' · '}
            {days === 0
              ? t('admin.vendors.application.shop.today')
              : t('admin.vendors.application.shop.daysAgo', { count: days })}
          </Text>
        </>
      ),
    },
    { label: t('admin.vendors.application.shop.plan'), value: t(`admin.vendors.plans.${plan}`) },
    { label: t('vendor.tax.tin'), value: application.tin ?? notProvided },
    { label: t('vendor.tax.vat'), value: t(application.vatRegistered ? 'common.yes' : 'common.no') },
  ]
  if (application.requestedPlan && application.requestedPlan !== plan)
    fields.push({
      label: t('admin.vendors.application.shop.requestedPlan'),
      value: t(`admin.vendors.plans.${application.requestedPlan}`),
    })
  return (
    <DialogSection id="application-shop" title={t('admin.vendors.application.shop.title')}>
      <FieldList labelWidth={150} fields={fields} />
    </DialogSection>
  )
}

/** The payout detail fields this app knows, in the order they read best; any other stored field follows. */
const detailOrder = [
  'provider',
  'mobileNumber',
  'bankName',
  'accountNumber',
  'routingNumber',
  'paypalEmail',
] as const
type KnownDetail = (typeof detailOrder)[number]
const isKnownDetail = (key: string): key is KnownDetail => (detailOrder as readonly string[]).includes(key)
const isProvider = (value: string): value is (typeof mobileMoneyProviders)[number] =>
  (mobileMoneyProviders as readonly string[]).includes(value)

/** The deliberate, audited reveal of where the shop is paid, in full (A.1). */
function RevealApplicationDetails({ application }: { application: AdminVendorApplication }) {
  const reveal = useRevealVendorPayoutDetails()
  return <RevealPayoutDetails id={application.id} shopName={application.shopName} reveal={reveal} />
}

/**
 * Method and details (admin §2 payout information); account and mobile numbers arrive masked, and "Show full
 * details" reveals them (recorded in the audit log).
 */
export function PayoutSection({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  const method = application.payoutMethod
  const details = application.payoutDetails ?? {}
  const keys = [
    ...detailOrder.filter((key) => details[key]),
    ...Object.keys(details).filter((key) => !isKnownDetail(key) && details[key]),
  ]
  const shown = (key: string, value: string) =>
    key === 'provider' && isProvider(value) ? t(`admin.vendors.providers.${value}`) : value
  return (
    <DialogSection id="application-payout" title={t('admin.vendors.application.payout.title')}>
      {method || keys.length > 0 ? (
        <>
          <FieldList
            labelWidth={150}
            fields={[
              ...(method
                ? [{ label: t('fields.payoutMethod'), value: t(`admin.vendors.payoutMethods.${method}`) }]
                : []),
              ...keys.map((key) => ({
                label: isKnownDetail(key) ? t(`fields.${key}`) : key,
                value: shown(key, details[key] ?? ''),
              })),
            ]}
          />
          <Text size="xs" c="dimmed">
            {t('admin.vendors.application.payout.masked')}
          </Text>
          <RevealApplicationDetails key={application.id} application={application} />
        </>
      ) : (
        <NoneText>{t('admin.vendors.application.payout.none')}</NoneText>
      )}
    </DialogSection>
  )
}

/** The logo, then each document as a link that opens in a new tab (private files: the server checks who asks). */
export function FilesSection({ application }: { application: AdminVendorApplication }) {
  const { t } = useTranslation()
  return (
    <DialogSection id="application-files" title={t('admin.vendors.application.files.title')}>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('admin.vendors.application.files.logo')}
          </Text>
          {application.shopLogo ? (
            <Image
              src={application.shopLogo}
              alt={t('admin.vendors.application.files.logoAlt', { shop: application.shopName })}
              w={96}
              h={96}
              fit="contain"
              radius="sm"
              bd="1px solid var(--mantine-color-default-border)"
            />
          ) : (
            <NoneText>{t('admin.vendors.application.files.noLogo')}</NoneText>
          )}
        </div>
        <DocumentList
          title={t('admin.vendors.application.files.businessDocuments')}
          documents={application.businessDocuments}
        />
        <DocumentList
          title={t('admin.vendors.application.files.idDocuments')}
          documents={application.idDocuments}
        />
      </Stack>
    </DialogSection>
  )
}

/** The stored name keeps the stored type's extension: a PDF ends in .pdf, every other document is a picture. */
const isPdf = (document: FileRefDto) => /\.pdf$/i.test(document.name) || /\.pdf$/i.test(document.url)

function DocumentList({ title, documents }: { title: string; documents: FileRefDto[] }) {
  const { t } = useTranslation()
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {title}
      </Text>
      {documents.length === 0 ? (
        <NoneText>{t('admin.vendors.application.files.none')}</NoneText>
      ) : (
        <CardList items={documents} keyOf={(document) => document.url} cols={{ base: 1, xs: 2 }} spacing="xs">
          {(document) => <DocumentItem document={document} />}
        </CardList>
      )}
    </div>
  )
}

/** A document's link with its kind; a picture also shows a small preview (the server's thumbnail). */
function DocumentItem({ document }: { document: FileRefDto }) {
  const { t } = useTranslation()
  const pdf = isPdf(document)
  const fileId = fileIdFromUrl(document.url)
  const Icon = pdf ? IconFileTypePdf : IconPhoto
  return (
    <Paper withBorder radius="sm" p="xs" h="100%">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {!pdf && fileId ? (
          <Image
            src={fileThumbUrl(fileId)}
            alt={t('admin.vendors.application.files.previewAlt', { name: document.name })}
            w={48}
            h={48}
            fit="cover"
            radius="xs"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <Icon size={28} aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <ExternalLink href={document.url}>{document.name}</ExternalLink>
          <Text size="xs" c="dimmed">
            {pdf ? t('admin.vendors.application.files.pdf') : t('admin.vendors.application.files.image')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  )
}
