import { Alert, Button, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreditBundleCard } from './CreditBundleCard.tsx';
import { bundlesCovering, sortByCoins } from './pricing.ts';
import { useProducts } from './queries.ts';
import { useCheckout } from './useCheckout.ts';
import './i18n.ts';

/**
 * Credit bundles to buy by card. With `missing`, spec §5: one bundle at a time, only bundles of at
 * least the missing credits, the first 3 by coin amount. Without it, every bundle (the wallet and
 * pricing pages).
 */
export function BundlePicker({ missing, returnTo }: { missing?: number; returnTo: string }) {
  const { t } = useTranslation();
  const products = useProducts();
  const checkout = useCheckout();
  if (products.isPending)
    return (
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={180} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (products.isError)
    return (
      <Alert color="red" role="alert" title={t('marketplace.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void products.refetch()}>
          {t('marketplace.retry')}
        </Button>
      </Alert>
    );
  const all = products.data.oneTimeProducts;
  const shown = missing === undefined ? sortByCoins(all) : bundlesCovering(all, missing);
  if (all.length === 0) return <Text c="dimmed">{t('marketplace.bundle.none')}</Text>;
  if (shown.length === 0) return <Text c="dimmed">{t('marketplace.bundle.noneCovers')}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, md: missing === undefined ? 4 : 3 }} spacing="sm" data-testid="bundle-picker">
      {shown.map((b) => (
        <CreditBundleCard
          key={b.id}
          bundle={b}
          busy={checkout.opening === b.id}
          disabled={checkout.opening !== null && checkout.opening !== b.id}
          onSelect={() => void checkout.start({ bundleId: b.id }, { returnTo, signInReturn: `/pricing?bundle=${encodeURIComponent(b.id)}` })}
        />
      ))}
    </SimpleGrid>
  );
}
