import { getTemplate } from '@atrium/assets';
import { districtCartCost } from '@atrium/shared/districts/submission';
import { sessionStore } from '../../../browserStorage.ts';

// The setup wizard's choices, kept for the tab across the card checkout's round trip (spec §4
// Submission: checkout first, then the district is created and paid), with the one Idempotency-Key of
// this intent so a resumed or repeated submit never creates or charges twice.

export interface WizardDraft {
  /** Set when upgrading that district (the wizard in edit mode); null when creating one. */
  districtId: string | null;
  public: boolean;
  title: string;
  subdomain: string;
  themeColor: string;
  extraSlots: number;
  freeSpaceTemplateId: string | null;
  /** Premade spaces to buy for the district (edit mode), each at its district price. */
  premadeIds: string[];
  interval: 'monthly' | 'yearly';
  planPriceId: string | null;
  bundleId: string | null;
  key: string;
  /** 'paying' once checkout opened: coming back resumes the submission. */
  phase: 'editing' | 'paying';
}

const KEY = 'atrium.districtWizard';

export const newDraft = (districtId: string | null = null): WizardDraft => ({
  districtId,
  public: true,
  title: '',
  subdomain: '',
  themeColor: '#3DABFF',
  extraSlots: 0,
  freeSpaceTemplateId: null,
  premadeIds: [],
  // Spec §4: a free-plan user choosing Pro defaults to yearly Pro.
  interval: 'yearly',
  planPriceId: null,
  bundleId: null,
  key: crypto.randomUUID(),
  phase: 'editing',
});

/** The credits the draft's cart costs: added slots, and the premade spaces bought at their district price. */
export const draftCost = (d: WizardDraft): number =>
  districtCartCost(
    d.extraSlots,
    d.premadeIds.map((id) => getTemplate(id)?.districtPrice ?? 0),
  );

/** The kept draft of this wizard (creating, or upgrading `districtId`); another one's is not resumed. */
export function loadDraft(districtId: string | null = null): WizardDraft | null {
  try {
    const raw = sessionStore().getItem(KEY);
    const d = raw ? { ...newDraft(), ...(JSON.parse(raw) as Partial<WizardDraft>) } : null;
    return d && d.districtId === districtId ? d : null;
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
