import { DataList, List, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { mobileMoneyProviders } from '../../../shared/constants'
import type { VendorProfile } from '../../../shared/schemas/vendor'
import { SectionCard } from '../../components/section-card'
import { FieldList } from '../../components/field-list'
import { ExternalLink } from '../../components/external-link'
import { NoneText } from '../../components/none-text'

/** Full name and e-mail: they belong to the account, not the shop, and are not edited here. */
export function PersonalInfoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  return (
    <SectionCard id="profile-personal" title={t('vendor.profile.personalInfo')}>
      <FieldList
        labelWidth={150}
        fields={[
          { label: t('fields.fullName'), value: profile.fullName },
          { label: t('fields.email'), value: profile.email },
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('vendor.profile.personalHint')}
      </Text>
    </SectionCard>
  )
}

/** The government ID and additional ID documents given at registration, read-only. */
export function IdentitySection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  return (
    <SectionCard id="profile-identity" title={t('vendor.profile.identity.title')}>
      <FieldList
        orientation="vertical"
        gap="sm"
        fields={[
          {
            label: t('fields.govId'),
            value: profile.govId ? (
              <ExternalLink href={profile.govId}>{t('vendor.profile.identity.view')}</ExternalLink>
            ) : (
              <NoneText inline>{t('vendor.profile.identity.none')}</NoneText>
            ),
          },
          {
            label: t('fields.idDocuments'),
            value:
              profile.idDocuments.length > 0 ? (
                <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
                  {profile.idDocuments.map((document) => (
                    <List.Item key={document.url}>
                      <ExternalLink href={document.url}>{document.name}</ExternalLink>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <NoneText inline>{t('vendor.profile.identity.none')}</NoneText>
              ),
          },
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('vendor.profile.identity.hint')}
      </Text>
    </SectionCard>
  )
}

/** Which detail fields each payout method shows, in order (spec §3 payout_details). */
const payoutFields = {
  bank: ['bankName', 'accountNumber', 'routingNumber'],
  paypal: ['paypalEmail'],
  mobile_money: ['provider', 'mobileNumber'],
} as const

/** The payout method and its details, read-only; the server has already masked account and mobile numbers. */
export function PayoutInfoSection({ profile }: { profile: VendorProfile }) {
  const { t } = useTranslation()
  const method = profile.payoutMethod
  const details = profile.payoutDetails ?? {}
  const shown = (key: string) => {
    const value = details[key]
    if (!value) return null
    if (key === 'provider' && (mobileMoneyProviders as readonly string[]).includes(value)) {
      return t(`vendor.profile.payout.providers.${value as (typeof mobileMoneyProviders)[number]}`)
    }
    return value
  }
  return (
    <SectionCard id="profile-payout" title={t('vendor.profile.payout.title')}>
      {method ? (
        <DataList orientation="horizontal" size="sm" gap="xs" labelWidth={150}>
          <DataList.Item>
            <DataList.ItemLabel>{t('fields.payoutMethod')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(`vendor.profile.payout.methods.${method}`)}</DataList.ItemValue>
          </DataList.Item>
          {payoutFields[method].map((key) => {
            const value = shown(key)
            return value ? (
              <DataList.Item key={key}>
                <DataList.ItemLabel>{t(`fields.${key}`)}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
              </DataList.Item>
            ) : null
          })}
        </DataList>
      ) : (
        <NoneText>{t('vendor.profile.payout.none')}</NoneText>
      )}
      <Text size="xs" c="dimmed">
        {t('vendor.profile.payout.hint')}
      </Text>
    </SectionCard>
  )
}
