import { describe, expect, it } from 'vitest';
import {
  decodedBase64Bytes,
  FEEDBACK_MESSAGE_TOO_LONG,
  FEEDBACK_SCREENSHOT_EXTENSIONS,
  SCREENSHOT_SIZE_MESSAGE,
  SCREENSHOT_TYPE_MESSAGE,
  SendContentFeedbackRequest,
  screenshotProblem,
} from './feedback.ts';

const errorsOf = (input: unknown) =>
  SendContentFeedbackRequest.safeParse(input).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  })) ?? [];

/** Base64 of `size` bytes (content irrelevant to the schema: magic bytes are the API's check). */
const base64Of = (size: number) => Buffer.alloc(size, 7).toString('base64');

describe('SendContentFeedbackRequest (spec §5 "Content feedback")', () => {
  it('takes a message of 1000 characters and refuses 1001', () => {
    expect(errorsOf({ message: 'm'.repeat(1000) })).toEqual([]);
    expect(errorsOf({ message: 'm'.repeat(1001) })).toEqual([{ path: 'message', message: FEEDBACK_MESSAGE_TOO_LONG }]);
  });

  it('requires a message that is not only spaces', () => {
    expect(errorsOf({})).toEqual([{ path: 'message', message: 'Is required.' }]);
    expect(errorsOf({ message: '   ' })).toEqual([{ path: 'message', message: 'Is required.' }]);
  });

  it('takes a screenshot of 1,000,000 bytes and refuses 1,000,001 with the max-size message', () => {
    const screenshot = { name: 'shot.png', type: 'image/png' };
    expect(errorsOf({ message: 'm', screenshot: { ...screenshot, data: base64Of(1_000_000) } })).toEqual([]);
    expect(errorsOf({ message: 'm', screenshot: { ...screenshot, data: base64Of(1_000_001) } })).toEqual([
      { path: 'screenshot.data', message: SCREENSHOT_SIZE_MESSAGE },
    ]);
  });

  it.each([
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
  ])('accepts %s as %s', (name, type) => {
    expect(errorsOf({ message: 'm', screenshot: { name, type, data: base64Of(10) } })).toEqual([]);
  });

  it.each([
    ['a.webp', 'image/webp'],
    ['a.pdf', 'application/pdf'],
    ['a.gif', 'image/png'],
    ['a', 'image/png'],
  ])('refuses %s as %s with the accept-error', (name, type) => {
    expect(errorsOf({ message: 'm', screenshot: { name, type, data: base64Of(10) } })).toEqual([
      { path: 'screenshot.name', message: SCREENSHOT_TYPE_MESSAGE },
    ]);
  });

  it('refuses data that is not base64', () => {
    expect(errorsOf({ message: 'm', screenshot: { name: 'a.png', type: 'image/png', data: 'not base64!' } })).toEqual([
      { path: 'screenshot.data', message: 'Must be base64.' },
    ]);
  });
});

describe('screenshotProblem', () => {
  it('names the accepted extensions in the accept-error', () => {
    expect(FEEDBACK_SCREENSHOT_EXTENSIONS).toEqual(['.jpg', '.jpeg', '.png', '.gif']);
    expect(SCREENSHOT_TYPE_MESSAGE).toBe('The screenshot must be a .jpg, .jpeg, .png or .gif image.');
    expect(SCREENSHOT_SIZE_MESSAGE).toBe('The file is larger than 1,000,000 bytes.');
  });

  it('reads the type from the extension when the browser gives none', () => {
    expect(screenshotProblem({ name: 'a.png', type: '', size: 1 })).toBeNull();
    expect(screenshotProblem({ name: 'a.bmp', type: '', size: 1 })).toBe(SCREENSHOT_TYPE_MESSAGE);
  });

  it('checks the size at 1,000,000 and 1,000,001 bytes', () => {
    expect(screenshotProblem({ name: 'a.gif', type: 'image/gif', size: 1_000_000 })).toBeNull();
    expect(screenshotProblem({ name: 'a.gif', type: 'image/gif', size: 1_000_001 })).toBe(SCREENSHOT_SIZE_MESSAGE);
  });
});

describe('decodedBase64Bytes', () => {
  it.each([0, 1, 2, 3, 4, 1000])('counts %i bytes', (size) => {
    expect(decodedBase64Bytes(Buffer.alloc(size).toString('base64'))).toBe(size);
  });
});
