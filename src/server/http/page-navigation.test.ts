import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPageNavigation } from './page-navigation.ts';

const request = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;

describe('isPageNavigation', () => {
  it('is a browser opening a page: Sec-Fetch-Mode navigate, or (an old browser) a GET asking for HTML', () => {
    expect(isPageNavigation(request('GET', { 'sec-fetch-mode': 'navigate' }))).toBe(true);
    expect(isPageNavigation(request('HEAD', { accept: 'text/html,application/xhtml+xml' }))).toBe(true);
  });

  it('is not a script’s fetch, nor any other method', () => {
    expect(isPageNavigation(request('GET', { 'sec-fetch-mode': 'cors', accept: 'text/html' }))).toBe(false);
    expect(isPageNavigation(request('GET', { accept: 'application/json' }))).toBe(false);
    expect(isPageNavigation(request('GET', {}))).toBe(false);
    expect(isPageNavigation(request('POST', { 'sec-fetch-mode': 'navigate' }))).toBe(false);
  });
});
