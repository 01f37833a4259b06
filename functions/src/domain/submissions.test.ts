import { describe, expect, it } from 'vitest';
import {
  acceptsComments,
  composeSubmissionEmail,
  nextSubmissionState,
  ownSubmissionLink,
  reviewSubmissionLink,
  sameEmail,
} from './submissions.ts';

describe('submission states (issue 25 item 6; decision record 067)', () => {
  it('leads each action from the states that allow it', () => {
    expect(nextSubmissionState('submitted', 'requestChanges')).toBe('changesRequested');
    expect(nextSubmissionState('changesRequested', 'resubmit')).toBe('submitted');
    expect(nextSubmissionState('submitted', 'accept')).toBe('accepted');
    expect(nextSubmissionState('submitted', 'decline')).toBe('declined');
    expect(nextSubmissionState('changesRequested', 'decline')).toBe('declined');
  });

  it('refuses every action out of a final state, and accepting while changes are requested', () => {
    for (const action of ['resubmit', 'requestChanges', 'accept', 'decline'] as const) {
      expect(nextSubmissionState('accepted', action)).toBeNull();
      expect(nextSubmissionState('declined', action)).toBeNull();
    }
    expect(nextSubmissionState('changesRequested', 'accept')).toBeNull();
    expect(nextSubmissionState('submitted', 'resubmit')).toBeNull();
  });

  it('takes comments only while the submission is open', () => {
    expect(acceptsComments('submitted')).toBe(true);
    expect(acceptsComments('changesRequested')).toBe(true);
    expect(acceptsComments('accepted')).toBe(false);
    expect(acceptsComments('declined')).toBe(false);
  });
});

describe('submission e-mails', () => {
  it('names the event and the item in one subject line, and carries the text and the link', () => {
    const email = composeSubmissionEmail({
      brand: 'USCR',
      event: 'declined',
      name: 'Phishing\nlab',
      actor: 'Eve Editor',
      text: 'Out of scope.',
      link: reviewSubmissionLink('https://portal.example.org', 'abc'),
    });
    expect(email.subject).toBe('US Cyber Range: Your courseware submission Phishing lab was declined');
    expect(email.text).toContain('By: Eve Editor');
    expect(email.text).toContain('Out of scope.');
    expect(email.text).toContain('https://portal.example.org/admin?tab=submissions&submission=abc');
  });

  it('links the submitter to their own submission', () => {
    expect(ownSubmissionLink('https://portal.example.org', 'abc')).toBe(
      'https://portal.example.org/callforcourseware?submission=abc',
    );
  });
});

describe('the contributor rule', () => {
  it('matches e-mail addresses trimmed and in any case', () => {
    expect(sameEmail(' Grace.Hopper@Example.edu', 'grace.hopper@example.edu')).toBe(true);
    expect(sameEmail('grace@example.edu', 'grace.hopper@example.edu')).toBe(false);
  });
});
