// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITED_MESSAGE } from '#shared/contracts/messages';
import { calledWith, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

const PATH = '/api/v1/newsletter-subscribers';
const SENT = { status: 201, body: { id: '01jd7k2m3n4p5q6r7s8t9v0n01', emailStatus: 'sent' } };
const LIMIT = 256;

function mockNewsletterApi(answer: { status?: number; body: unknown } = SENT) {
  return mockApi((url) =>
    url.pathname === PATH ? answer : { status: 404, body: { statusCode: 404, message: 'Not found.' } },
  );
}

const VALID = {
  Email: 'fay.faculty@example.edu',
  'First name': 'Fay',
  'Last name': 'Faculty',
  Organization: 'University of Nebraska at Omaha',
  'Job title': 'Associate Professor',
} as const;
type Label = keyof typeof VALID;

/** A valid address of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(length - '@example.edu'.length)}@example.edu`;

function setup() {
  const user = userEvent.setup();
  const view = renderWithProviders(<NewsletterForm />);
  const field = (label: Label) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
  const fill = async (values: Partial<Record<Label, string>>) => {
    for (const [label, value] of Object.entries(values) as [Label, string][]) {
      await user.clear(field(label));
      if (value) {
        await user.click(field(label));
        await user.paste(value);
      }
    }
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign up' }));
  return { user, view, field, fill, submit };
}

describe('the newsletter sign-up form (spec §2.11, §5 "Newsletter")', () => {
  it('has the five fields, the format radio (HTML chosen) and a heading-less form named for assistive technology', () => {
    mockNewsletterApi();
    const { field } = setup();
    for (const label of Object.keys(VALID) as Label[]) expect(field(label)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Newsletter sign-up' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Email format' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'HTML' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'TEXT' })).not.toBeChecked();
  });

  it('sends nothing when empty: each field says it is required, as an alert, and the email takes the focus', async () => {
    const api = mockNewsletterApi();
    const { field, submit } = setup();
    await submit();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Email: Is required.',
      'First name: Is required.',
      'Last name: Is required.',
      'Organization: Is required.',
      'Job title: Is required.',
    ]);
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calledWith(api, 'POST')).toEqual([]);
  });

  it('refuses an invalid e-mail address', async () => {
    const api = mockNewsletterApi();
    const { field, fill, submit } = setup();
    await fill({ ...VALID, Email: 'fay.faculty' });
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Email: Enter a valid e-mail address.');
    expect(field('Email')).toHaveFocus();
    expect(calledWith(api, 'POST')).toEqual([]);
  });

  it.each(['Email', 'First name', 'Last name', 'Organization', 'Job title'] as const)(
    'refuses %s past 256 characters and focuses it',
    async (label) => {
      const api = mockNewsletterApi();
      const { field, fill, submit } = setup();
      await fill({ ...VALID, [label]: label === 'Email' ? emailOf(LIMIT + 1) : 'x'.repeat(LIMIT + 1) });
      await submit();
      expect(screen.getByRole('alert')).toHaveTextContent(`${label}: Must be at most 256 characters.`);
      expect(field(label)).toHaveFocus();
      expect(calledWith(api, 'POST')).toEqual([]);
    },
  );

  it('sends every field at 256 characters, trimmed, with the chosen format, then confirms with the community button', async () => {
    const api = mockNewsletterApi();
    const { user, fill, submit } = setup();
    const long = (letter: string) => letter.repeat(LIMIT);
    await fill({
      Email: emailOf(LIMIT),
      'First name': long('f'),
      'Last name': long('l'),
      Organization: `  ${long('o')}  `,
      'Job title': long('j'),
    });
    await user.click(screen.getByRole('radio', { name: 'TEXT' }));
    await submit();

    const heading = await screen.findByRole('heading', { name: 'Thank you for signing up' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Visit our community' })).toHaveAttribute('href', '/community');
    expect(screen.queryByRole('form', { name: 'Newsletter sign-up' })).not.toBeInTheDocument();
    expect(calledWith(api, 'POST')).toEqual([
      {
        path: PATH,
        body: {
          email: emailOf(LIMIT),
          firstName: long('f'),
          lastName: long('l'),
          organization: long('o'),
          jobTitle: long('j'),
          emailFormat: 'TEXT',
        },
      },
    ]);
  });

  it('fakes success without calling the server when the hidden trap field is filled', async () => {
    const api = mockNewsletterApi();
    const { view, fill, submit } = setup();
    const trap = view.container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.change(trap as HTMLInputElement, { target: { value: 'https://spam.example' } });
    await fill(VALID);
    await submit();
    expect(await screen.findByRole('heading', { name: 'Thank you for signing up' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('says to wait on a 429 and keeps everything typed', async () => {
    mockNewsletterApi({ status: 429, body: { statusCode: 429, message: RATE_LIMITED_MESSAGE } });
    const { field, fill, submit } = setup();
    await fill(VALID);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMITED_MESSAGE);
    for (const [label, value] of Object.entries(VALID) as [Label, string][]) expect(field(label)).toHaveValue(value);
    expect(screen.queryByRole('heading', { name: 'Thank you for signing up' })).not.toBeInTheDocument();
  });

  it('shows the server’s field message under its field and focuses it', async () => {
    mockNewsletterApi({
      status: 400,
      body: {
        statusCode: 400,
        message: 'The request is not valid.',
        errors: [{ path: 'body.jobTitle', message: 'Is required.' }],
      },
    });
    const { field, fill, submit } = setup();
    await fill(VALID);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Job title: Is required.');
    expect(field('Job title')).toHaveFocus();
  });
});
