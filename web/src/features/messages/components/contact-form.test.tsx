// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTACT_CONFIRMATION } from '#shared/contracts/messages';
import { runtimeConfig } from '../../../testing/fixtures.ts';
import { calledWith, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ContactForm } from './contact-form.tsx';

const PATH = '/api/v1/contact-requests';
const SENT = { status: 201, body: { id: '01jd7k2m3n4p5q6r7s8t9v0c01', emailStatus: 'sent' } };

function mockContactApi(answer: MockResponse = SENT) {
  return mockApi((url) =>
    url.pathname === PATH ? answer : { status: 404, body: { statusCode: 404, message: 'Not found.' } },
  );
}

const VALID = {
  Name: 'Fay Faculty',
  Email: 'fay.faculty@example.edu',
  Organization: 'University of Nebraska at Omaha',
  Subject: 'A demo for our department',
  Message: 'We would like to see the exercise area with our faculty next month.',
} as const;
type Label = keyof typeof VALID;
const emailOf = (length: number) => `${'a'.repeat(length - '@example.edu'.length)}@example.edu`;

function setup(brand: 'USCR' | 'VACR' = 'USCR') {
  const user = userEvent.setup();
  const view = renderWithProviders(<ContactForm />, {
    config: runtimeConfig(brand === 'VACR' ? { brand, siteName: 'Virginia Cyber Range' } : {}),
  });
  const field = (label: Label) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
  const topic = () => screen.getByRole('combobox', { name: /^Discussion topic/ });
  const fill = async (values: Partial<Record<Label, string>>) => {
    for (const [label, value] of Object.entries(values) as [Label, string][]) {
      await user.clear(field(label));
      if (value) {
        await user.click(field(label));
        await user.paste(value);
      }
    }
  };
  const fillValid = async (overrides: Partial<Record<Label, string>> = {}) => {
    await fill({ ...VALID, ...overrides });
    await user.selectOptions(topic(), 'requestDemo');
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Send message' }));
  return { user, view, field, topic, fill, fillValid, submit };
}

describe('the contact form (spec §2.9, §5 "Contact form")', () => {
  it('offers the USCR topics, Other included', () => {
    mockContactApi();
    const { topic } = setup('USCR');
    expect(
      within(topic())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a topic',
      'Sign up for services',
      'Request a demo',
      'Request estimate',
      'Request information',
      'Other',
    ]);
  });

  it('offers no Other topic on VACR', () => {
    mockContactApi();
    const { topic } = setup('VACR');
    expect(
      within(topic())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a topic', 'Sign up for services', 'Request a demo', 'Request estimate', 'Request information']);
  });

  it('sends nothing when empty: every field is required, as alerts, and the name takes the focus', async () => {
    const api = mockContactApi();
    const { field, submit } = setup();
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Name: Is required.',
      'Email: Is required.',
      'Organization: Is required.',
      'Discussion topic: Choose a topic.',
      'Subject: Is required.',
      'Message: Is required.',
    ]);
    expect(field('Name')).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it('focuses the topic when it is the first invalid field', async () => {
    const api = mockContactApi();
    const { fill, topic, submit } = setup();
    await fill(VALID);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Discussion topic: Choose a topic.');
    expect(topic()).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail address', async () => {
    mockContactApi();
    const { field, fillValid, submit } = setup();
    await fillValid({ Email: 'fay@' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Enter a valid e-mail address.');
    expect(field('Email')).toHaveFocus();
  });

  it.each([
    ['Name', 100],
    ['Email', 100],
    ['Organization', 100],
    ['Subject', 100],
    ['Message', 10_000],
  ] as const)('refuses %s past %i characters and focuses it', async (label, limit) => {
    const api = mockContactApi();
    const { field, fillValid, submit } = setup();
    await fillValid({ [label]: label === 'Email' ? emailOf(limit + 1) : 'x'.repeat(limit + 1) });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(`${label}: Must be at most ${limit} characters.`);
    expect(field(label)).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it('sends every field at its limit, then replaces the form with the confirmation', async () => {
    const api = mockContactApi();
    const { fillValid, submit } = setup();
    await fillValid({
      Name: 'n'.repeat(100),
      Email: emailOf(100),
      Organization: 'o'.repeat(100),
      Subject: 's'.repeat(100),
      Message: 'm'.repeat(10_000),
    });
    expect(screen.getByText('10000 of 10000 characters')).toBeInTheDocument();
    await submit();

    expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Thank you for contacting us' })).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(calledWith(api, 'POST')).toEqual([
      {
        path: PATH,
        body: {
          name: 'n'.repeat(100),
          email: emailOf(100),
          organization: 'o'.repeat(100),
          subject: 's'.repeat(100),
          message: 'm'.repeat(10_000),
          topic: 'requestDemo',
        },
      },
    ]);
  });

  it('fakes the sent state without calling the server when the honeypot is filled', async () => {
    const api = mockContactApi();
    const { view, fillValid, submit } = setup();
    const honeypot = view.container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(honeypot as HTMLInputElement, { target: { value: 'buy now' } });
    await fillValid();
    await submit();
    expect(await screen.findByText(CONTACT_CONFIRMATION)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('says how long to wait on a 429 and loses nothing typed', async () => {
    mockContactApi({
      status: 429,
      body: { statusCode: 429, message: 'Too many requests.' },
      headers: { 'Retry-After': '240' },
    });
    const { field, topic, fillValid, submit } = setup();
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 4 minutes.');
    for (const [label, value] of Object.entries(VALID) as [Label, string][]) expect(field(label)).toHaveValue(value);
    expect(topic()).toHaveValue('requestDemo');
    expect(screen.queryByText(CONTACT_CONFIRMATION)).not.toBeInTheDocument();
  });

  it('shows the server’s topic message (a topic of another brand) under the topic', async () => {
    mockContactApi({
      status: 400,
      body: {
        statusCode: 400,
        message: 'The request is not valid.',
        errors: [{ path: 'body.topic', message: 'Choose one of this site’s topics.' }],
      },
    });
    const { topic, fillValid, submit } = setup();
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Discussion topic: Choose one of this site’s topics.');
    expect(topic()).toHaveFocus();
  });
});
