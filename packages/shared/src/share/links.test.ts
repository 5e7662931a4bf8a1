import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl, readEmbedFlags, SHARE_TARGETS, shareLink, viewerUrl } from './links.ts';

describe('share links', () => {
  const origin = 'https://atrium.example';
  it('builds viewer and embed URLs with 1/0 flags', () => {
    expect(viewerUrl(origin, 'abc')).toBe('https://atrium.example/viewer/abc');
    expect(embedUrl(origin, 'abc', { showSignIn: true, showCommunications: false })).toBe(
      'https://atrium.example/viewer/embed/abc?showSignIn=1&showCommunications=0',
    );
  });

  it('makes a 700x500 borderless iframe and escapes the title', () => {
    const s = embedSnippet(origin, 'abc', { showSignIn: false, showCommunications: true }, 'A "quoted" <title>');
    expect(s).toMatch(/^<iframe src="https:\/\/atrium\.example\/viewer\/embed\/abc\?showSignIn=0&amp;showCommunications=1"/);
    expect(s).toContain('width="700"');
    expect(s).toContain('height="500"');
    expect(s).toContain('style="border:none"');
    expect(s).toContain('title="A &quot;quoted&quot; &lt;title>"');
  });

  it('has seven share targets that all carry the encoded URL', () => {
    expect(SHARE_TARGETS).toHaveLength(7);
    for (const t of SHARE_TARGETS) expect(shareLink(t, 'https://a.b/viewer/x?y=1&z=2', 'T & U')).toContain('a.b');
    expect(shareLink('Facebook', 'https://a.b/c?d=1', 't')).toContain(encodeURIComponent('https://a.b/c?d=1'));
  });

  it('reads embed flags: hidden unless set in embed mode, shown unless 0 otherwise', () => {
    expect(readEmbedFlags('', true)).toEqual({ showSignIn: false, showCommunications: false });
    expect(readEmbedFlags('?showSignIn=1', true)).toEqual({ showSignIn: true, showCommunications: false });
    expect(readEmbedFlags('', false)).toEqual({ showSignIn: true, showCommunications: true });
    expect(readEmbedFlags('?showCommunications=0', false)).toEqual({ showSignIn: true, showCommunications: false });
  });
});
