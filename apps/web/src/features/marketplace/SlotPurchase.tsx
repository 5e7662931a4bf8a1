import { Anchor, Stack, Text } from '@mantine/core';
import { MARKETPLACE } from '@atrium/shared/constants';
import type { SlotView } from '@atrium/shared/publishing/schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BuyWithCredits } from './BuyWithCredits.tsx';
import './i18n.ts';

/**
 * The publish wizard's way out of 'There is no available slot.': keep the ended trial slot, or buy a
 * slot that never expires (spec §1), with credits; when credits are short, the bundle picker (spec
 * §5); or a plan with slots of its own on the pricing page.
 */
export function SlotPurchase({ slots, returnTo, onBought }: { slots: readonly SlotView[]; returnTo: string; onBought?: () => void }) {
  const { t } = useTranslation();
  const trial = slots.find((s) => s.kind === 'trial');
  const keepTrial = trial !== undefined && trial.productId === null && trial.expired;
  return (
    <Stack gap="sm" align="flex-start" data-testid="slot-purchase">
      {keepTrial ? (
        <BuyWithCredits
          itemId={MARKETPLACE.items.keepTrialSlot.itemId}
          label={(price) => t('marketplace.trial.keep', { price })}
          confirm={(price) => t('marketplace.trial.confirm', { price })}
          done={t('marketplace.trial.done')}
          returnTo={returnTo}
          onBought={onBought}
        />
      ) : (
        <BuyWithCredits
          itemId={MARKETPLACE.items.extraSlot.itemId}
          label={(price) => t('marketplace.slot.buy', { price })}
          confirm={(price) => t('marketplace.slot.confirm', { price })}
          done={t('marketplace.slot.done')}
          returnTo={returnTo}
          onBought={onBought}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('marketplace.slot.orPlan')}{' '}
        <Anchor component={Link} to="/pricing">
          {t('marketplace.plan.seePlans')}
        </Anchor>
      </Text>
    </Stack>
  );
}
