import type { ReactNode } from 'react';
import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import { premiumTemplateItemId } from '@atrium/shared/marketplace/catalogue';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notify } from '../../notify.ts';
import { useMyPurchases } from './cardQueries.ts';
import { ConfirmPurchase, InsufficientCredits, useCreditPurchase } from './CreditPurchase.tsx';
import { useItemPrice } from './queries.ts';
import './i18n.ts';
import './i18n.cards.ts';
import './mantine-marketplace.ts';

/**
 * A premium template in the editor's picker (issue 15): its price in credits and a Buy button, or
 * 'Purchased' and `children` (the Use button) once bought, or 'Your district’s' for a premade space of a
 * district where they are the Owner or a Creator (usable without buying). Buying confirms, then spends credits under
 * one Idempotency-Key per intent; when the wallet is short the dialog says so in the spec's words and
 * offers the covering bundles, whose card checkout returns to this page.
 */
export function PremiumTemplateBuy({ spaceTemplateId, title, children }: { spaceTemplateId: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const itemId = premiumTemplateItemId(spaceTemplateId);
  const price = useItemPrice(itemId);
  const mine = useMyPurchases();
  const p = useCreditPurchase(itemId, () => {
    notify.success(t('marketplace.premium.done', { title }));
    void mine.refetch();
  });

  const owned = mine.data?.purchased.some((x) => x.itemId === itemId) ?? false;
  // A premade space of a district where the person is the Owner or a Creator: theirs to use, not to buy.
  const viaDistrict = !owned && (mine.data?.districtTemplates.includes(spaceTemplateId) ?? false);
  if (owned || viaDistrict)
    return (
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        <Badge size="xs" color="green" variant="light" data-testid={`template-purchased-${spaceTemplateId}`}>
          {t(viaDistrict ? 'marketplace.premium.fromDistrict' : 'marketplace.premium.purchased')}
        </Badge>
        {children}
      </Stack>
    );
  if (price === undefined || !mine.data) return null;
  const balance = p.wallet.data?.availableBalance ?? 0;
  const missing = Math.max(0, price - balance);

  return (
    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
      <Text size="xs" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid={`template-price-${spaceTemplateId}`}>
        {t('marketplace.premium.price', { price })}
      </Text>
      <Button
        size="xs"
        variant="light"
        color="grape"
        aria-label={t('marketplace.premium.buyLabel', { title, price })}
        data-testid={`template-buy-${spaceTemplateId}`}
        onClick={p.ask}
      >
        {t('marketplace.premium.buy')}
      </Button>
      <Modal opened={p.asking} onClose={p.close} title={title} centered size="lg">
        {missing > 0 || p.short ? (
          <InsufficientCredits balance={balance} missing={missing} returnTo={`${location.pathname}${location.search}`} />
        ) : (
          <ConfirmPurchase
            text={t('marketplace.premium.confirm', { price, title })}
            error={p.error}
            pending={p.pending}
            onCancel={p.close}
            onConfirm={() => void p.buy(price)}
          />
        )}
      </Modal>
    </Stack>
  );
}
