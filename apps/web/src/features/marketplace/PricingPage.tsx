import { useEffect, useRef, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { signIn } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import { BundlePicker } from './BundlePicker.tsx';
import { formatPrice } from './pricing.ts';
import { useProducts, useUserPlan, type SubscriptionProduct } from './queries.ts';
import { useCheckout } from './useCheckout.ts';
import './i18n.ts';
import './mantine-marketplace.ts';

type Interval = 'monthly' | 'yearly';
type Tier = SubscriptionProduct['subscriptionIdentifier'];

function PlanCard({
  plan,
  interval,
  current,
  opening,
  onChoose,
  onStartFree,
}: {
  plan: SubscriptionProduct;
  interval: Interval;
  current: boolean;
  opening: boolean;
  onChoose: () => void;
  /** Signed out: the free plan is an account, so its button signs up. */
  onStartFree?: () => void;
}) {
  const { t } = useTranslation();
  const tier = plan.subscriptionIdentifier;
  const name = t(`marketplace.plan.${tier.toLowerCase()}`);
  const features = t(`marketplace.plan.features.${tier}`, { returnObjects: true }) as string[];
  const free = plan.priceAmount === 0;
  return (
    <Card withBorder radius="xl" padding="xl" data-testid={`plan-${tier}`} aria-label={name} shadow={tier === 'PRO' ? 'md' : undefined}>
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={3}>{name}</Title>
          {interval === 'yearly' && plan.discountPercent > 0 && (
            <Badge color="green" variant="light">
              {t('marketplace.plan.save', { percent: plan.discountPercent })}
            </Badge>
          )}
        </Group>
        <div>
          <Group gap={4} align="baseline">
            <Text fw={800} fz={36} lh={1}>
              {formatPrice(plan.priceAmount, plan.currency)}
            </Text>
            {!free && <Text c="dimmed">{t(interval === 'yearly' ? 'marketplace.plan.perYear' : 'marketplace.plan.perMonth')}</Text>}
          </Group>
          {interval === 'yearly' && !free && plan.discountPercent > 0 && (
            <Text c="dimmed" size="sm" td="line-through">
              {t('marketplace.plan.was', { price: formatPrice(12 * plan.monthlyPriceAmount, plan.currency) })}
            </Text>
          )}
        </div>
        <List spacing="xs" icon={<IconCheck size={16} aria-hidden />} size="sm">
          {features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        <Button
          mt="auto"
          fullWidth
          variant={tier === 'PRO' ? 'filled' : 'light'}
          disabled={current || (!plan.purchasable && !onStartFree)}
          loading={opening}
          onClick={plan.purchasable ? onChoose : onStartFree}
          aria-label={current ? undefined : `${t('marketplace.plan.choose')} ${name}`}
        >
          {current ? t('marketplace.plan.current') : plan.purchasable ? t('marketplace.plan.choose') : t('marketplace.plan.startFree')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Spec §2 pricing: plans with the monthly/yearly toggle and discount, what each includes, bundles and a FAQ. */
export default function PricingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const products = useProducts();
  const plan = useUserPlan(signedIn);
  const checkout = useCheckout();
  const [params, setParams] = useSearchParams();
  const [interval, setInterval] = useState<Interval>(() => (params.get('interval') === 'monthly' ? 'monthly' : 'yearly'));
  const resumed = useRef(false);

  // Back from signing in with a choice in the address: carry on to checkout once, then drop it.
  useEffect(() => {
    const planId = params.get('plan');
    const bundleId = params.get('bundle');
    if (resumed.current || !signedIn || (!planId && !bundleId)) return;
    resumed.current = true;
    setParams({}, { replace: true });
    void checkout.start(planId ? { planPriceId: planId } : { bundleId: bundleId! }, { returnTo: '/wallet', signInReturn: '/pricing' });
  }, [params, signedIn, setParams, checkout]);

  const plans = (products.data?.subscriptionProducts ?? []).filter((p) => p.interval === interval || p.priceAmount === 0);
  // One card per tier: the free plan is listed once, whatever the period.
  const byTier = new Map<Tier, SubscriptionProduct>();
  for (const p of plans) if (!byTier.has(p.subscriptionIdentifier)) byTier.set(p.subscriptionIdentifier, p);
  const cards = [...byTier.values()].sort((a, b) => a.monthlyPriceAmount - b.monthlyPriceAmount);
  const bestSaving = Math.max(0, ...(products.data?.subscriptionProducts ?? []).map((p) => p.discountPercent));
  const currentTier = signedIn ? (plan.data?.status === 'active' ? plan.data.plan : 'FREE') : null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1}>{t('marketplace.pricing.title')}</Title>
          <Text c="dimmed" maw={640}>
            {t('marketplace.pricing.lead')}
          </Text>
        </Stack>

        <section aria-labelledby="plans-title">
          <Group justify="space-between" mb="md" wrap="wrap">
            <Title order={2} id="plans-title" size="h3">
              {t('marketplace.pricing.plans')}
            </Title>
            <SegmentedControl
              aria-label={t('marketplace.pricing.billing')}
              value={interval}
              onChange={(v) => setInterval(v as Interval)}
              data={[
                { value: 'monthly', label: t('marketplace.plan.monthly') },
                {
                  value: 'yearly',
                  label: bestSaving > 0 ? `${t('marketplace.plan.yearly')} · ${t('marketplace.plan.save', { percent: bestSaving })}` : t('marketplace.plan.yearly'),
                },
              ]}
            />
          </Group>
          {products.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={360} radius="xl" />
              ))}
            </SimpleGrid>
          ) : products.isError ? (
            <Alert color="red" role="alert" title={t('marketplace.loadFailed')}>
              <Button variant="light" size="xs" onClick={() => void products.refetch()}>
                {t('marketplace.retry')}
              </Button>
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {cards.map((p) => (
                <PlanCard
                  key={p.subscriptionIdentifier}
                  plan={p}
                  interval={interval}
                  current={currentTier === p.subscriptionIdentifier}
                  opening={checkout.opening === p.id}
                  onStartFree={signedIn ? undefined : () => void signIn('/wallet')}
                  onChoose={() =>
                    void checkout.start(
                      { planPriceId: p.id },
                      { returnTo: '/wallet', signInReturn: `/pricing?plan=${encodeURIComponent(p.id)}` },
                    )
                  }
                />
              ))}
            </SimpleGrid>
          )}
        </section>

        <section aria-labelledby="credits-title" id="credits">
          <Title order={2} id="credits-title" size="h3">
            {t('marketplace.pricing.credits')}
          </Title>
          <Text c="dimmed" mb="md">
            {t('marketplace.pricing.creditsLead')}
          </Text>
          <BundlePicker returnTo="/wallet" />
        </section>

        <section aria-labelledby="faq-title">
          <Title order={2} id="faq-title" size="h3" mb="md">
            {t('marketplace.pricing.faq')}
          </Title>
          <Accordion variant="separated" radius="md">
            {(t('marketplace.pricing.faqs', { returnObjects: true }) as { q: string; a: string }[]).map((f) => (
              <Accordion.Item key={f.q} value={f.q}>
                <Accordion.Control>{f.q}</Accordion.Control>
                <Accordion.Panel>{f.a}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      </Stack>
    </Container>
  );
}
