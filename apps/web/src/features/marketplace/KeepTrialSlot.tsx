import { Card, Stack, Text, Title } from '@mantine/core';
import { MARKETPLACE } from '@atrium/shared/constants';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { useMySlots } from '../publishing/queries.ts';
import { useItemPrice } from './queries.ts';
import { BuyWithCredits } from './BuyWithCredits.tsx';
import './i18n.ts';

const ITEM = MARKETPLACE.items.keepTrialSlot.itemId;

/**
 * Spec §1: the free trial slot lasts a month; keeping it costs credits and then it never expires.
 * A trial slot the server has already kept carries its product (and no end date).
 */
export function KeepTrialSlot({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const slots = useMySlots();
  const price = useItemPrice(ITEM);
  const trial = slots.data?.find((s) => s.kind === 'trial');
  if (!trial || price === undefined) return null;
  const kept = trial.productId !== null && trial.expiresAt === null;
  const date = trial.expiresAt ? formatDate(trial.expiresAt) : '';
  return (
    <Card withBorder radius="xl" padding="xl" data-testid="trial-slot">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t('marketplace.trial.title')}
        </Title>
        {kept ? (
          <Text>{t('marketplace.trial.kept')}</Text>
        ) : (
          <>
            <Text>
              {t(trial.expired ? 'marketplace.trial.expired' : 'marketplace.trial.expiresOn', {
                date,
                price,
              })}
            </Text>
            <BuyWithCredits
              itemId={ITEM}
              label={(price) => t('marketplace.trial.keep', { price })}
              confirm={(price) => t('marketplace.trial.confirm', { price })}
              done={t('marketplace.trial.done')}
              returnTo={returnTo}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
