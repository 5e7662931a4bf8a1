import { useCallback, useState } from 'react';
import { Alert, Button, Group, Modal, Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkSubdomain } from '@atrium/shared/districts/rules';
import { PLAN_ROLES } from '@atrium/shared/marketplace/catalogue';
import { msg } from '../../../i18n/msg.ts';
import { blockerMessage, DISTRICT_SUBMISSION, submitBlockers } from '@atrium/shared/districts/submission';
import { ApiError } from '../../../api/ApiError.ts';
import { useProducts, useUserPlan, useWallet } from '../../marketplace/queries.ts';
import { useCheckout } from '../../marketplace/useCheckout.ts';
import { draftCost, saveDraft, type WizardDraft } from './draft.ts';
import { GeneralStep, titleProblem } from './GeneralStep.tsx';
import { OverviewStep } from './OverviewStep.tsx';
import { PremadeStep } from './PremadeStep.tsx';
import { SlotsStep } from './SlotsStep.tsx';
import { useDistrictItems, type DistrictPurchases } from './queries.ts';
import './i18n.ts';

export const RESUME_PATH = '/district-setup?resume=1';

/** The district's free pick and bought premade spaces, for the Premade step's marks. */
const owned = (edit: DistrictPurchases) => ({
  free: edit.premadeSpaces.find((p) => p.free)?.spaceTemplateId ?? '',
  bought: new Set(edit.premadeSpaces.filter((p) => !p.free).map((p) => p.spaceTemplateId)),
});

/**
 * Spec §2 District setup and upgrade wizard (modal, four steps, Back/Next, step indicator) and §4
 * Wizard: Next marks a step done; General goes on only with a valid title and an available subdomain;
 * Premade spaces, when creating, only with the free premade space chosen. Editing (`edit`, the Owner's
 * Upgrade) has no General step, starts at Space slots and its Next is free. Submit (spec §4
 * Submission): with a bundle or a plan chosen, card checkout first (the choices wait in sessionStorage
 * and resume on return, see DistrictSetupPage); otherwise straight to `finish`, which creates or
 * upgrades and pays in one request.
 */
export function DistrictWizard({
  draft,
  setDraft,
  onClose,
  finish,
  edit,
}: {
  draft: WizardDraft;
  setDraft: (d: WizardDraft) => void;
  onClose: () => void;
  finish: (d: WizardDraft) => Promise<void>;
  /** What the district has, when upgrading it. */
  edit: DistrictPurchases | null;
}) {
  const { t } = useTranslation();
  const steps = edit ? (['slots', 'premade', 'overview'] as const) : (['general', 'slots', 'premade', 'overview'] as const);
  const [step, setStep] = useState(0);
  const at = steps[step]!;
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
  const costCoin = draftCost(draft);
  const empty = edit !== null && costCoin === 0;
  const balance = wallet.data?.availableBalance ?? 0;
  const bundleCoin = products.data?.oneTimeProducts.find((b) => b.id === draft.bundleId)?.coinAmount ?? 0;
  const blockers = submitBlockers({
    isPro,
    planChosen: draft.planPriceId !== null,
    creating: !edit,
    freeSpaceTemplateId: draft.freeSpaceTemplateId,
    costCoin,
    balance,
    bundleCoin,
  });
  const change = (patch: Partial<WizardDraft>) => setDraft({ ...draft, ...patch });
  const onAvailability = useCallback((ok: boolean) => setAvailable(ok), []);

  const stepProblem = (s: (typeof steps)[number]): string | null => {
    if (s === 'general') return titleProblem(draft.title) ?? (checkSubdomain(draft.subdomain).ok && available ? null : msg.districts.subdomainFormat);
    if (s === 'premade' && !edit && !draft.freeSpaceTemplateId) return msg.districts.selectFreeSpace;
    return null;
  };
  const next = () => {
    setTried(new Set(tried).add(step));
    const p = stepProblem(at);
    // General's problems show under its fields; the others above the buttons.
    setError(at === 'general' ? null : p);
    if (!p) setStep(step + 1);
  };
  const submit = async () => {
    setTried(new Set(tried).add(step));
    if (blockers.length || empty) return;
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
  const last = step === steps.length - 1;
  return (
    <Modal opened onClose={onClose} title={edit ? t('districtWizard.editTitle', { title: edit.title }) : t('districtWizard.title')} size="xl" zIndex={10000001} data-testid="district-wizard">
      <Stepper active={step} onStepClick={(i) => i < step && setStep(i)} size="sm" mb="md">
        {steps.map((s) => (
          <Stepper.Step key={s} label={t(`districtWizard.steps.${s}`)} />
        ))}
      </Stepper>
      {at === 'general' && <GeneralStep draft={draft} onChange={change} showErrors={tried.has(step)} onAvailability={onAvailability} />}
      {at === 'slots' && (
        <SlotsStep
          draft={draft}
          onChange={change}
          priceCoin={items.data?.[0]?.priceCoin ?? DISTRICT_SUBMISSION.slotPriceCoin}
          existing={edit ? { included: edit.includedSlots, purchased: edit.purchasedSlots } : null}
        />
      )}
      {at === 'premade' && <PremadeStep draft={draft} onChange={change} owned={edit ? owned(edit) : null} />}
      {at === 'overview' && (
        <OverviewStep
          draft={draft}
          onChange={change}
          isPro={isPro}
          balance={balance}
          costCoin={costCoin}
          products={products.data}
          blockers={[...(tried.has(step) ? blockers.map((b) => blockerMessage(msg, b)) : []), ...(empty ? [msg.districts.nothingToAdd] : [])]}
        />
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
        {!last ? (
          <Button onClick={next}>{t('districtWizard.next')}</Button>
        ) : (
          <Button onClick={() => void submit()} loading={busy || checkout.opening !== null} disabled={plan.isPending || wallet.isPending || empty}>
            {t(`districtWizard.${draft.bundleId || (draft.planPriceId && !isPro) ? 'pay' : 'submit'}${edit ? 'Upgrade' : ''}`)}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
