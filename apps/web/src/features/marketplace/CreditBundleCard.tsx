import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoin, IconCoins, IconDiamond, IconPigMoney } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './pricing.ts';
import './i18n.ts';

const ICONS = { 1: IconCoin, 2: IconCoins, 3: IconPigMoney, 4: IconDiamond } as const;

export interface Bundle {
  id: string;
  productName: string;
  priceAmount: number;
  currency: string;
  coinAmount: number;
  iconId: number;
}

/** Spec §3 Credit bundle card: units, price, currency and a Select button; icon 1 to 4. */
export function CreditBundleCard({ bundle, onSelect, busy, disabled }: { bundle: Bundle; onSelect: () => void; busy?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[Math.min(Math.max(Math.round(bundle.iconId), 1), 4) as 1 | 2 | 3 | 4];
  const units = t('marketplace.bundle.units', { count: bundle.coinAmount });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="credit-bundle" aria-label={units}>
      <Stack gap="sm" align="flex-start" h="100%">
        <Group gap="sm">
          <ThemeIcon size="xl" radius="xl" variant="light" aria-hidden>
            <Icon size={24} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {units}
          </Text>
        </Group>
        <Group gap={6} align="baseline">
          <Text fw={800} size="xl">
            {formatPrice(bundle.priceAmount, bundle.currency)}
          </Text>
          <Badge variant="light" tt="uppercase">
            {bundle.currency}
          </Badge>
        </Group>
        <Button mt="auto" fullWidth onClick={onSelect} loading={busy} disabled={disabled} aria-label={`${t('marketplace.bundle.select')}: ${units}`}>
          {t('marketplace.bundle.select')}
        </Button>
      </Stack>
    </Card>
  );
}
