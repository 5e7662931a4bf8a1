import { useCallback, useState } from 'react';
import { Alert, Button, Group, Modal, Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkSubdomain, PLAN_ROLES } from '@atrium/shared';
import { msg } from '../../../i18n/msg.ts';
import { blockerMessage, DISTRICT_SUBMISSION, districtCartCost, submitBlockers } from '@atrium/shared/districts/submission';
import { ApiError } from '../../../api/ApiError.ts';
import { useProducts, useUserPlan, useWallet } from '../../marketplace/queries.ts';
import { useCheckout } from '../../marketplace/useCheckout.ts';
import { saveDraft, type WizardDraft } from './draft.ts';
import { GeneralStep, titleProblem } from './GeneralStep.tsx';
import { OverviewStep } from './OverviewStep.tsx';
import { PremadeStep } from './PremadeStep.tsx';
import { SlotsStep } from './SlotsStep.tsx';
import { useDistrictItems } from './queries.ts';
import './i18n.ts';

export const RESUME_PATH = '/district-setup?resume=1';

/**
 * Spec §2 District setup wizard (modal, four steps, Back/Next, step indicator) and §4 Wizard: Next
 * marks a step done; General goes on only with a valid title and an available subdomain; Premade
 * spaces only with the free premade space chosen. Submit (spec §4 Submission): with a bundle or a
 * plan chosen, card checkout first (the choices wait in sessionStorage and resume on return, see
 * DistrictSetupPage); otherwise straight to `finish`, which creates and pays in one request.
 */
export function DistrictWizard({
  draft,
  setDraft,
  onClose,
  finish,
}: {
  draft: WizardDraft;
  setDraft: (d: WizardDraft) => void;
  onClose: () => void;
  finish: (d: WizardDraft) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState<Set<number>>(new Set());
  const [available, setAvailable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const plan = useUserPlan();
  const wallet = useWallet();
  const products = useProducts();
  const items = useDistrictItems();
  const checkout = useCheckout();
  const isPro = plan.data?.role === PLAN_ROLES.PRO;
  const costCoin = districtCartCost(draft.extraSlots);
  const balance = wallet.data?.availableBalance ?? 0;
  const bundleCoin = products.data?.oneTimeProducts.find((b) => b.id === draft.bundleId)?.coinAmount ?? 0;
  const blockers = submitBlockers({
    isPro,
    planChosen: draft.planPriceId !== null,
    creating: true,
    freeSpaceTemplateId: draft.freeSpaceTemplateId,
    costCoin,
    balance,
    bundleCoin,
  });
  const change = (patch: Partial<WizardDraft>) => setDraft({ ...draft, ...patch });
  const onAvailability = useCallback((ok: boolean) => setAvailable(ok), []);

  const stepProblem = (i: number): string | null => {
    if (i === 0) return titleProblem(draft.title) ?? (checkSubdomain(draft.subdomain).ok && available ? null : msg.districts.subdomainFormat);
    if (i === 2 && !draft.freeSpaceTemplateId) return msg.districts.selectFreeSpace;
    return null;
  };
  const next = () => {
    setTried(new Set(tried).add(step));
    const p = stepProblem(step);
    // General's problems show under its fields; the others above the buttons.
    setError(step === 0 ? null : p);
    if (!p) setStep(step + 1);
  };
  const submit = async () => {
    setTried(new Set(tried).add(3));
    if (blockers.length) return;
    setError(null);
    setBusy(true);
    try {
      if (draft.bundleId || draft.planPriceId) {
        // Checkout leaves the page; the draft (and its Idempotency-Key) waits for the return.
        saveDraft({ ...draft, phase: 'paying' });
        await checkout.start(
          { ...(draft.bundleId ? { bundleId: draft.bundleId } : {}), ...(draft.planPriceId && !isPro ? { planPriceId: draft.planPriceId } : {}) },
          { returnTo: RESUME_PATH, signInReturn: '/district-setup' },
        );
      } else await finish(draft);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  const steps = ['general', 'slots', 'premade', 'overview'] as const;
  return (
    <Modal opened onClose={onClose} title={t('districtWizard.title')} size="xl" zIndex={10000001} data-testid="district-wizard">
      <Stepper active={step} onStepClick={(i) => i < step && setStep(i)} size="sm" mb="md">
        {steps.map((s) => (
          <Stepper.Step key={s} label={t(`districtWizard.steps.${s}`)} />
        ))}
      </Stepper>
      {step === 0 && <GeneralStep draft={draft} onChange={change} showErrors={tried.has(0)} onAvailability={onAvailability} />}
      {step === 1 && <SlotsStep draft={draft} onChange={change} priceCoin={items.data?.[0]?.priceCoin ?? DISTRICT_SUBMISSION.slotPriceCoin} />}
      {step === 2 && <PremadeStep draft={draft} onChange={change} />}
      {step === 3 && (
        <OverviewStep draft={draft} onChange={change} isPro={isPro} balance={balance} costCoin={costCoin} products={products.data} blockers={tried.has(3) ? blockers.map((b) => blockerMessage(msg, b)) : []} />
      )}
      {error && (
        <Alert color="red" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={() => (step === 0 ? onClose() : setStep(step - 1))}>
          {t('districtWizard.back')}
        </Button>
        {step < 3 ? (
          <Button onClick={next}>{t('districtWizard.next')}</Button>
        ) : (
          <Button onClick={() => void submit()} loading={busy || checkout.opening !== null} disabled={plan.isPending || wallet.isPending}>
            {draft.bundleId || (draft.planPriceId && !isPro) ? t('districtWizard.pay') : t('districtWizard.submit')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
