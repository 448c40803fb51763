import { describe, expect, it } from 'vitest';
import enUS from './locales/en-US.json';
import {
  allowedStep,
  canOpenStep,
  isMoveInStep,
  MOVE_IN_STEPS,
  nextStep,
  previousStep,
  reachedStep,
  STEP_TITLE_KEYS,
  resumeUrl,
  stepUrl,
} from './moveInSteps';

const at = (step: string, completed = false) => ({ step, completed });

describe('move-in steps', () => {
  it('are the six steps of the contract, in order', () => {
    expect(MOVE_IN_STEPS).toEqual(['confirm', 'profile', 'care-plan', 'emars', 'contacts', 'result']);
  });

  it('each has a title in the strings', () => {
    for (const step of MOVE_IN_STEPS) {
      const key = STEP_TITLE_KEYS[step as keyof typeof STEP_TITLE_KEYS];
      const [, , name] = key.split('.');
      expect((enUS.movein.step as Record<string, string>)[name], step).toBeTruthy();
    }
  });

  it('go forward and back one at a time', () => {
    expect(nextStep('confirm')).toBe('profile');
    expect(nextStep('care-plan')).toBe('emars');
    expect(nextStep('contacts')).toBe('result');
    expect(nextStep('result')).toBeUndefined();
    expect(previousStep('profile')).toBe('confirm');
    expect(previousStep('confirm')).toBeUndefined();
    expect(previousStep('result')).toBe('contacts');
  });

  it('recognise only the steps of the contract', () => {
    expect(isMoveInStep('emars')).toBe(true);
    expect(isMoveInStep('medications')).toBe(false);
    expect(isMoveInStep(undefined)).toBe(false);
  });
});

describe('which step a URL shows', () => {
  it('is the first step before a move-in exists', () => {
    expect(reachedStep(undefined)).toBe('confirm');
    expect(allowedStep('emars', undefined)).toBe('confirm');
    expect(allowedStep(undefined, undefined)).toBe('confirm');
  });

  it('resumes at the first unsaved step when none or an unknown one is asked', () => {
    expect(allowedStep(undefined, at('emars'))).toBe('emars');
    expect(allowedStep('nonsense', at('care-plan'))).toBe('care-plan');
  });

  it('keeps a step already saved (Back) and refuses one not reached yet', () => {
    expect(allowedStep('profile', at('emars'))).toBe('profile');
    expect(allowedStep('emars', at('emars'))).toBe('emars');
    expect(allowedStep('contacts', at('emars'))).toBe('emars');
    expect(allowedStep('result', at('profile'))).toBe('profile');
  });

  it('shows only the result once the move-in is complete', () => {
    expect(allowedStep('profile', at('result', true))).toBe('result');
    expect(canOpenStep('profile', at('result', true))).toBe(false);
    expect(canOpenStep('result', at('result', true))).toBe(true);
  });

  it('offers the steps up to the one reached in the indicator', () => {
    expect(MOVE_IN_STEPS.filter((s) => canOpenStep(s, at('care-plan')))).toEqual(['confirm', 'profile', 'care-plan']);
    expect(MOVE_IN_STEPS.filter((s) => canOpenStep(s, undefined))).toEqual(['confirm']);
  });

  it('carries the resident in the URL', () => {
    expect(stepUrl('confirm', '')).toBe('/resident-management/move-in/confirm');
    expect(stepUrl('care-plan', 'r 1')).toBe('/resident-management/move-in/care-plan?residentId=r%201');
    expect(resumeUrl('r1')).toBe('/resident-management/move-in?residentId=r1');
  });
});
