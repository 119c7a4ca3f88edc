import { Badge, Group, Radio, Text } from '@mantine/core'
import { IconGift } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { planDetails, type Plan } from '../../../shared/constants'
import { Money } from '../../components/money'
import classes from './plan-card.module.css'

/**
 * One plan as a radio card of the plan group. Its name names the radio; price, limit and badges describe it,
 * so a screen reader hears "Growth, radio button, checked, RWF 10,000 / month, Up to 25 products, ...".
 * A button may hold only phrasing content, hence spans throughout.
 */
export function PlanCard({
  plan,
  isSelected,
  isCurrent,
}: {
  plan: Plan
  isSelected: boolean
  isCurrent: boolean
}) {
  const { t } = useTranslation()
  const details = planDetails[plan]
  return (
    <Radio.Card
      value={plan}
      className={classes.card}
      radius="md"
      // Named by its content, everything the card shows with the plan's name first: a name without the
      // price and limit it displays would not contain its visible text (WCAG 2.5.3 Label in Name).
      // One tab stop for the group; the arrow keys move between plans (Mantine's Radio.Card handles them).
      tabIndex={isSelected ? 0 : -1}
      data-popular={details.isPopular || undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm" component="span">
        <Radio.Indicator aria-hidden mt={4} />
        <span className={classes.body}>
          <Text span fw={700} fz="lg">
            {t(`vendor.subscription.plans.${plan}.name`)}
          </Text>
          <span className={classes.details}>
            {(details.isPopular || isCurrent) && (
              <Group component="span" gap={6} className={classes.badges}>
                {details.isPopular && (
                  <Badge variant="filled" color="cyan.9" size="sm">
                    {t('vendor.subscription.popular')}
                  </Badge>
                )}
                {isCurrent && (
                  <Badge variant="outline" color="dark" size="sm">
                    {t('vendor.subscription.current')}
                  </Badge>
                )}
              </Group>
            )}
            <span className={classes.price}>
              <Money amount={details.priceRwf} fw={800} fz={24} />{' '}
              <Text span c="dimmed" size="sm">
                {t('vendor.subscription.perMonth')}
              </Text>
            </span>
            {plan === 'starter' && (
              <Text span size="sm" fw={600} className={classes.line}>
                <IconGift size={16} aria-hidden className={classes.gift} />
                {t('vendor.subscription.starterFree')}
              </Text>
            )}
            <Text span size="sm" fw={500} className={classes.line}>
              {details.productLimit === null
                ? t('vendor.subscription.unlimitedProducts')
                : t('vendor.subscription.productLimit', { count: details.productLimit })}
            </Text>
            <Text span size="sm" c="dimmed" className={classes.line}>
              {t(`vendor.subscription.plans.${plan}.description`)}
            </Text>
          </span>
        </span>
      </Group>
    </Radio.Card>
  )
}
