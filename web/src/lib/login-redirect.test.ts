import { describe, expect, it } from 'vitest';
import { buildLoginUrl, buildSignupUrl } from './login-redirect.ts';

const config = {
  brand: 'USCR' as const,
  loginBaseUrl: 'https://login.example.org/',
  exerciseAppBaseUrl: 'https://app.example.org',
};
const origin = 'https://portal.example.org';

describe('buildLoginUrl (spec §2.2 /login)', () => {
  it('returns to the courseware page the reader came from', () => {
    const url = new URL(buildLoginUrl(config, { href: '/courseware/seed-labs?x=1', returnAfterLogin: true }, origin));
    expect(`${url.origin}${url.pathname}`).toBe('https://login.example.org/login');
    expect(url.searchParams.get('redirect_url')).toBe('https://portal.example.org/courseware/seed-labs?x=1');
    expect(url.searchParams.get('referrer_url')).toBe('https://portal.example.org/courseware/seed-labs?x=1');
  });

  it('sends the reader to the exercise area from any other page', () => {
    const url = new URL(buildLoginUrl(config, { href: '/unsafe_site', returnAfterLogin: false }, origin));
    expect(url.searchParams.get('redirect_url')).toBe('https://app.example.org/');
    expect(url.searchParams.get('referrer_url')).toBe('https://portal.example.org/unsafe_site');
  });

  it('sends the reader to the exercise area when /login is the first page', () => {
    const url = new URL(buildLoginUrl(config, null, origin));
    expect(url.searchParams.get('redirect_url')).toBe('https://app.example.org/');
    expect(url.searchParams.get('referrer_url')).toBe('https://portal.example.org/');
  });
});

describe('buildSignupUrl (spec §2.2 /signup)', () => {
  it('goes to the signup path of the login host', () => {
    expect(buildSignupUrl(config, origin)).toBe('https://login.example.org/signup');
  });

  it('adds code=vacr on VACR', () => {
    expect(buildSignupUrl({ ...config, brand: 'VACR' }, origin)).toBe('https://login.example.org/signup?code=vacr');
  });
});
