import { describe, expect, it } from 'vitest';
import { POST_STEP_CODES, postSteps, resumeStep } from './listing-management.ts';

describe('the post wizard', () => {
  it('has 5 steps for a high-rise in a verified building, sale or rent', () => {
    expect(postSteps({ type: 'HIGHRISE', landmarkVerified: true })).toEqual(['details', 'gps', 'additional', 'images', 'video']);
    expect(postSteps({ type: 'HIGHRISE_SALE', landmarkVerified: true })).toHaveLength(5);
  });

  it('has 7 steps for any other high-rise or a landed home, asking for facilities and nearby places', () => {
    expect(postSteps({ type: 'HIGHRISE', landmarkVerified: false })).toEqual([
      'details',
      'gps',
      'facilities',
      'nearby',
      'additional',
      'images',
      'video',
    ]);
    expect(postSteps({ type: 'LANDED', landmarkVerified: true })).toHaveLength(7);
  });

  it('has 5 steps otherwise', () => {
    for (const type of ['ROOM', 'LANDED_SALE', 'HIGHRISE_SALE'] as const) expect(postSteps({ type, landmarkVerified: false })).toHaveLength(5);
  });

  it('resumes a draft after the last step saved, even when the flow has since changed', () => {
    const condo = { type: 'HIGHRISE' as const, landmarkVerified: false };
    expect(resumeStep({ ...condo, draftStep: 0 })).toBe('details');
    expect(resumeStep({ ...condo, draftStep: POST_STEP_CODES.gps })).toBe('facilities');
    expect(resumeStep({ ...condo, draftStep: POST_STEP_CODES.nearby })).toBe('additional');
    // Saved the facilities step, then chose a verified building: the next step of the short flow.
    expect(resumeStep({ ...condo, landmarkVerified: true, draftStep: POST_STEP_CODES.facilities })).toBe('additional');
    expect(resumeStep({ ...condo, draftStep: POST_STEP_CODES.video })).toBe('video');
  });
});
