import { describe, expect, it } from 'vitest';
import { msg } from '../messages.ts';
import { blockerMessage, districtCartCost, DISTRICT_SUBMISSION, missingCredits, submitBlockers, type SubmitState } from './submission.ts';

// Spec §5 submit-blocking rules of the district setup wizard.
const ready: SubmitState = { isPro: true, planChosen: false, creating: true, freeSpaceTemplateId: 'gallery-s', costCoin: 0, balance: 0, bundleCoin: 0 };

describe('district wizard submit blockers (spec §5)', () => {
  it('lets a Pro person with the free pick and enough credits submit', () => {
    expect(submitBlockers(ready)).toEqual([]);
    expect(submitBlockers({ ...ready, costCoin: 600, balance: 600 })).toEqual([]);
  });
  it('blocks without the free premade space when creating, not when editing', () => {
    expect(submitBlockers({ ...ready, freeSpaceTemplateId: null })).toEqual(['selectFreeSpace']);
    expect(submitBlockers({ ...ready, freeSpaceTemplateId: null, creating: false })).toEqual([]);
  });
  it('blocks a person who is not Pro until a plan is chosen', () => {
    expect(submitBlockers({ ...ready, isPro: false })).toEqual(['selectPlan']);
    expect(submitBlockers({ ...ready, isPro: false, planChosen: true })).toEqual([]);
  });
  it('blocks missing credits until a bundle covers them', () => {
    const cost = districtCartCost(1);
    expect(cost).toBe(DISTRICT_SUBMISSION.slotPriceCoin);
    expect(submitBlockers({ ...ready, costCoin: cost, balance: 100 })).toEqual(['insufficientCredits']);
    expect(missingCredits(cost, 100)).toBe(cost - 100);
    expect(submitBlockers({ ...ready, costCoin: cost, balance: 100, bundleCoin: 300 })).toEqual(['insufficientCredits']);
    expect(submitBlockers({ ...ready, costCoin: cost, balance: 100, bundleCoin: 600 })).toEqual([]);
  });
  it('names every blocker in order with the spec messages', () => {
    const all = submitBlockers({ ...ready, isPro: false, freeSpaceTemplateId: null, costCoin: 600 });
    expect(all.map((b) => blockerMessage(msg, b))).toEqual([
      'You need to select your free premade space in order to continue.',
      'Please select a subscription plan in order to proceed.',
      'Insufficient credits to publish. Select a credit package to proceed.',
    ]);
  });
});
