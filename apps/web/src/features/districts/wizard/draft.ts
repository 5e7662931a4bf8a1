import { sessionStore } from '../../../browserStorage.ts';

// The setup wizard's choices, kept for the tab across the card checkout's round trip (spec §4
// Submission: checkout first, then the district is created and paid), with the one Idempotency-Key of
// this intent so a resumed or repeated submit never creates or charges twice.

export interface WizardDraft {
  public: boolean;
  title: string;
  subdomain: string;
  themeColor: string;
  extraSlots: number;
  freeSpaceTemplateId: string | null;
  interval: 'monthly' | 'yearly';
  planPriceId: string | null;
  bundleId: string | null;
  key: string;
  /** 'paying' once checkout opened: coming back resumes the submission. */
  phase: 'editing' | 'paying';
}

const KEY = 'atrium.districtWizard';

export const newDraft = (): WizardDraft => ({
  public: true,
  title: '',
  subdomain: '',
  themeColor: '#3DABFF',
  extraSlots: 0,
  freeSpaceTemplateId: null,
  // Spec §4: a free-plan user choosing Pro defaults to yearly Pro.
  interval: 'yearly',
  planPriceId: null,
  bundleId: null,
  key: crypto.randomUUID(),
  phase: 'editing',
});

export function loadDraft(): WizardDraft | null {
  try {
    const raw = sessionStore().getItem(KEY);
    return raw ? { ...newDraft(), ...(JSON.parse(raw) as Partial<WizardDraft>) } : null;
  } catch {
    return null;
  }
}

export function saveDraft(d: WizardDraft) {
  try {
    sessionStore().setItem(KEY, JSON.stringify(d));
  } catch {
    // Without storage the wizard still works in one go; only the resume after checkout is lost.
  }
}

export function forgetDraft() {
  try {
    sessionStore().removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
