import { defineNotice } from '../../../lib/notices.ts';

/**
 * What the landlord hears as operations move their keys: a runner is assigned (name and phone, to expect the call),
 * the keys are collected (the listing now shows "Instant view"), the keys are back.
 */
export const runnerAssigned = defineNotice<{ property: string; runner: string; phone: string; time: string }>({
  type: 'homerunner.runner-assigned',
  label: 'services.homerunner.notice.assignedLabel',
  title: 'services.homerunner.notice.assignedTitle',
  body: 'services.homerunner.notice.assignedBody',
  channels: { email: true, push: true, sms: true },
});

export const keysCollected = defineNotice<{ property: string }>({
  type: 'homerunner.keys-collected',
  label: 'services.homerunner.notice.collectedLabel',
  title: 'services.homerunner.notice.collectedTitle',
  body: 'services.homerunner.notice.collectedBody',
  channels: { email: true, push: true },
});

export const keysReturned = defineNotice<{ property: string }>({
  type: 'homerunner.keys-returned',
  label: 'services.homerunner.notice.returnedLabel',
  title: 'services.homerunner.notice.returnedTitle',
  body: 'services.homerunner.notice.returnedBody',
  channels: { email: true, push: true },
});
