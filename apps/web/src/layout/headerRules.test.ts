import { describe, expect, it } from 'vitest';
import { headerRules, isEmbedded } from './headerRules.ts';

const base = { search: '', signedIn: false };

describe('headerRules', () => {
  it('shows Log In and Create to signed-out visitors on normal pages', () => {
    const r = headerRules({ ...base, pathname: '/' });
    expect(r).toMatchObject({ chromeHidden: false, embedded: false, logoLinksHome: true, showLogIn: true, showCreate: true });
  });

  it('treats any path with an embed segment as embedded', () => {
    expect(isEmbedded('/viewer/embed/abc')).toBe(true);
    expect(isEmbedded('/embed')).toBe(true);
    expect(isEmbedded('/embedded/abc')).toBe(false);
    expect(isEmbedded('/viewer/abc')).toBe(false);
  });

  it('hides Log In when embedded unless showSignIn=1', () => {
    expect(headerRules({ ...base, pathname: '/viewer/embed/s1' }).showLogIn).toBe(false);
    expect(headerRules({ ...base, pathname: '/viewer/embed/s1', search: '?showSignIn=0' }).showLogIn).toBe(false);
    expect(headerRules({ ...base, pathname: '/viewer/embed/s1', search: '?showSignIn=1' }).showLogIn).toBe(true);
  });

  it('never shows Create when embedded and the logo does not link home', () => {
    const r = headerRules({ ...base, pathname: '/x/embed/y', search: '?showSignIn=1' });
    expect(r.showCreate).toBe(false);
    expect(r.logoLinksHome).toBe(false);
    expect(headerRules({ ...base, signedIn: true, pathname: '/x/embed/y' }).showCreate).toBe(false);
  });

  it('shows communications by default and when embedded only with showCommunications=1', () => {
    expect(headerRules({ ...base, pathname: '/' }).showCommunications).toBe(true);
    expect(headerRules({ ...base, pathname: '/viewer/embed/s' }).showCommunications).toBe(false);
    expect(headerRules({ ...base, pathname: '/viewer/embed/s', search: '?showCommunications=1' }).showCommunications).toBe(true);
  });

  it('hides header and footer in the editor and viewer', () => {
    for (const p of ['/curate', '/curate/abc', '/editor/abc', '/viewer/abc', '/viewer/embed/abc']) {
      expect(headerRules({ ...base, pathname: p }).chromeHidden).toBe(true);
    }
    for (const p of ['/', '/contact', '/curated-list', '/viewers']) {
      expect(headerRules({ ...base, pathname: p }).chromeHidden).toBe(false);
    }
  });

  it('hides Log In once signed in', () => {
    expect(headerRules({ ...base, signedIn: true, pathname: '/' }).showLogIn).toBe(false);
  });

  it('inside a district shows Create Space only to its Owner or Creator', () => {
    const d = { ...base, signedIn: true, pathname: '/', inDistrict: true };
    expect(headerRules({ ...d, districtRole: 'Owner' }).showCreate).toBe(true);
    expect(headerRules({ ...d, districtRole: 'Creator' }).showCreate).toBe(true);
    expect(headerRules({ ...d, districtRole: 'Guest' }).showCreate).toBe(false);
    expect(headerRules({ ...d, districtRole: null }).showCreate).toBe(false);
  });

  it('inside a district hides Explore, Resources, Pricing and Contact, and offers the Owner an upgrade', () => {
    expect(headerRules({ ...base, pathname: '/' })).toMatchObject({ showSiteLinks: true, showUpgrade: false });
    const owner = headerRules({ ...base, signedIn: true, pathname: '/', inDistrict: true, districtRole: 'Owner' });
    expect(owner).toMatchObject({ showSiteLinks: false, showUpgrade: true, showCreate: true });
    for (const districtRole of ['Creator', 'Guest', null] as const)
      expect(headerRules({ ...base, signedIn: true, pathname: '/groups', inDistrict: true, districtRole })).toMatchObject({ showSiteLinks: false, showUpgrade: false });
    // Create Space inside a district: its Owner and Creators only; never embedded.
    expect(headerRules({ ...base, signedIn: true, pathname: '/', inDistrict: true, districtRole: 'Guest' }).showCreate).toBe(false);
    expect(headerRules({ ...base, signedIn: true, pathname: '/', inDistrict: true, districtRole: 'Creator' }).showCreate).toBe(true);
    expect(headerRules({ ...base, signedIn: true, pathname: '/viewer/embed/s', inDistrict: true, districtRole: 'Owner' }).showUpgrade).toBe(false);
  });
});
