// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps harmless inline markup and highlight classes', () => {
    const html = '<p>Founders share <b>lessons</b>, <em>fast</em><br>about <span class="highlight">startups</span>.</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('strips scripts, event handlers and javascript: URLs', () => {
    const clean = sanitizeHtml(
      '<script>alert(1)</script><img src=x onerror="alert(2)"><span class="hl" onclick="steal()" onmouseover="x()">word</span>' +
        '<a href="javascript:alert(3)">link</a><svg onload="alert(4)"></svg><iframe src="https://evil.example"></iframe><b style="color:red">bold</b>',
    );
    expect(clean).toBe('<span class="hl">word</span>link<b>bold</b>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img|<a |iframe|style=/i);
  });

  it('turns HTML into plain text', () => {
    expect(htmlToText('Evil <span class="x">startup</span><script>alert(1)</script>')).toBe('Evil startup');
  });
});
