import { describe, expect, it } from 'vitest';
import { linkActive, linkTag, NAV_SECTIONS, sectionActive, tierTag, visibleSections } from './nav';

const section = (id: string) => NAV_SECTIONS.find((s) => s.id === id)!;

describe('navigation model', () => {
  it('marks the section of a page and of its sub-pages', () => {
    expect(sectionActive('/race-strategy', section('racing'))).toBe(true);
    expect(sectionActive('/training/3', section('training'))).toBe(true);
    expect(sectionActive('/workout-logs/12', section('training'))).toBe(true);
    expect(sectionActive('/community/posts/4', section('community'))).toBe(true);
    expect(sectionActive('/training', section('racing'))).toBe(false);
  });

  it('Home is active on / only', () => {
    expect(linkActive('/', '/')).toBe(true);
    expect(linkActive('/training', '/')).toBe(false);
  });

  it('visitors see About and Pricing, members do not; Coaching only elite members and coaches', () => {
    const ids = (viewer: Parameters<typeof visibleSections>[0]) => visibleSections(viewer).map((s) => s.id);
    expect(ids(null)).toEqual(['home', 'training', 'nutrition', 'racing', 'community', 'blog', 'about', 'pricing']);
    expect(ids({ subscriptionTier: 'pro', role: 'athlete' })).toEqual(['home', 'training', 'nutrition', 'racing', 'community', 'blog']);
    expect(ids({ subscriptionTier: 'elite', role: 'athlete' })).toEqual(['home', 'training', 'nutrition', 'racing', 'community', 'blog', 'coaching']);
    expect(ids({ subscriptionTier: 'basic', role: 'coach' })).toContain('coaching');
  });

  it('tags a page above the user tier', () => {
    expect(tierTag('pro', undefined)).toBe('Pro');
    expect(tierTag('pro', 'basic')).toBe('Pro');
    expect(tierTag('pro', 'pro')).toBeNull();
    expect(tierTag('elite', 'pro')).toBe('Elite');
    expect(tierTag('elite', 'elite')).toBeNull();
    expect(tierTag(undefined, undefined)).toBeNull();
    // A coach below elite opens Programs (they write programs for their athletes): no tag.
    const programs = { tier: 'elite' as const, coaches: true };
    expect(linkTag(programs, { subscriptionTier: 'basic', role: 'coach' })).toBeNull();
    expect(linkTag(programs, { subscriptionTier: 'basic', role: 'athlete' })).toBe('Elite');
    expect(linkTag({ tier: 'elite' }, { subscriptionTier: 'basic', role: 'coach' })).toBe('Elite');
  });
});
