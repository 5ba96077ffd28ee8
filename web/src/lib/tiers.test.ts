import { describe, expect, it } from 'vitest';
import { memberLabel, planLabel, requiresTierText, tierAllows, tierRank } from './tiers';

describe('tierRank', () => {
  it('ranks basic 1, pro 2, elite 3', () => {
    expect(tierRank('basic')).toBe(1);
    expect(tierRank('pro')).toBe(2);
    expect(tierRank('elite')).toBe(3);
  });
  it('is case-insensitive', () => {
    expect(tierRank('PRO')).toBe(2);
    expect(tierRank(' Elite ')).toBe(3);
  });
  it('gives 0 for missing or unknown tiers', () => {
    expect(tierRank(undefined)).toBe(0);
    expect(tierRank(null)).toBe(0);
    expect(tierRank('')).toBe(0);
    expect(tierRank('gold')).toBe(0);
  });
});

describe('tierAllows', () => {
  it('allows equal or higher tiers', () => {
    expect(tierAllows('basic', 'basic')).toBe(true);
    expect(tierAllows('pro', 'basic')).toBe(true);
    expect(tierAllows('pro', 'pro')).toBe(true);
    expect(tierAllows('elite', 'pro')).toBe(true);
    expect(tierAllows('elite', 'elite')).toBe(true);
  });
  it('denies lower tiers', () => {
    expect(tierAllows('basic', 'pro')).toBe(false);
    expect(tierAllows('basic', 'elite')).toBe(false);
    expect(tierAllows('pro', 'elite')).toBe(false);
  });
  it('denies a missing or unknown tier, even for basic routes', () => {
    expect(tierAllows(undefined, 'basic')).toBe(false);
    expect(tierAllows('', 'basic')).toBe(false);
    expect(tierAllows('platinum', 'basic')).toBe(false);
  });
});

describe('planLabel', () => {
  it('names the plan', () => {
    expect(planLabel('basic')).toBe('Basic Plan');
    expect(planLabel('pro')).toBe('Pro Plan');
    expect(planLabel('ELITE')).toBe('Elite Plan');
    expect(planLabel(undefined)).toBe('Basic Plan');
  });
});

describe('memberLabel', () => {
  it('says Coach for a coach whatever the tier, else the plan', () => {
    expect(memberLabel({ subscriptionTier: 'basic', role: 'coach' })).toBe('Coach');
    expect(memberLabel({ subscriptionTier: 'elite', role: 'coach' })).toBe('Coach');
    expect(memberLabel({ subscriptionTier: 'pro', role: 'athlete' })).toBe('Pro Plan');
    expect(memberLabel({ subscriptionTier: 'basic' })).toBe('Basic Plan');
  });
});

describe('requiresTierText', () => {
  it('names the tier with the right article', () => {
    expect(requiresTierText('elite')).toBe('This feature requires an Elite subscription or higher.');
    expect(requiresTierText('pro')).toBe('This feature requires a Pro subscription or higher.');
    expect(requiresTierText('basic')).toBe('This feature requires a Basic subscription or higher.');
  });
});
