import { describe, expect, it } from 'vitest';
import { FILE_TYPES, type FileMediaType } from '#shared/contracts/file';
import { looksLikeText, matchesSignature, notOfTypeMessage } from './file-signatures.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

/** The first bytes of a real file of each accepted type. */
const SAMPLES: Record<FileMediaType, Uint8Array> = {
  'application/pdf': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  'application/zip': bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': bytes([0x50, 0x4b, 0x03, 0x04, 0x14]),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': bytes([0x50, 0x4b, 0x03, 0x04, 0x14]),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': bytes([0x50, 0x4b, 0x03, 0x04, 0x14]),
  'text/plain': bytes('Lab notes: run `make` then ./a.out\r\n\tdone\n'),
  'text/markdown': Buffer.from('# Buffer overflow — set-UID\n\n* step 1 ✓\n'),
  // The first bytes of courseware-extra files (issue 24 item 0).
  'text/csv': Buffer.from('Threat,Attacker,Motivation\r\n"Script kiddie",low,fame\r\n'),
  'text/x-python': Buffer.from('# Janoš Vidali: Euclid\ndef gcd(a, b):\n    while b:\n'),
  'application/json': Buffer.from('{\n  "summary": { "title": "Demo Threat Model" },\n'),
  'application/x-ipynb+json': Buffer.from('{\n "cells": [\n  {\n   "cell_type": "markdown",\n'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]),
  'image/gif': bytes('GIF89a\x01\x00\x01\x00'),
  'image/webp': bytes('RIFF', [0x24, 0x00, 0x00, 0x00], 'WEBPVP8 '),
};

describe('matchesSignature', () => {
  it('refuses a binary file declared as a notebook, CSV, Python or JSON file', () => {
    const pdf = SAMPLES['application/pdf'];
    for (const type of ['text/csv', 'text/x-python', 'application/json', 'application/x-ipynb+json'] as const) {
      expect(matchesSignature(type, pdf), type).toBe(false);
    }
    expect(notOfTypeMessage('application/x-ipynb+json')).toBe('The file is not a Jupyter notebook.');
  });

  it('has a sample for every accepted type, and each matches its own type', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(FILE_TYPES).sort());
    for (const [type, head] of Object.entries(SAMPLES))
      expect(matchesSignature(type as FileMediaType, head), type).toBe(true);
  });

  it('refuses a PNG declared as a PDF, and a PDF declared as a PNG', () => {
    expect(matchesSignature('application/pdf', SAMPLES['image/png'])).toBe(false);
    expect(matchesSignature('image/png', SAMPLES['application/pdf'])).toBe(false);
  });

  it('refuses a GIF87a/89a look-alike and a RIFF file that is not WebP', () => {
    expect(matchesSignature('image/gif', bytes('GIF90a'))).toBe(false);
    expect(matchesSignature('image/gif', bytes('GIF87a'))).toBe(true);
    expect(matchesSignature('image/webp', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBe(false);
  });

  it('accepts an empty zip archive and refuses a file shorter than the signature', () => {
    expect(matchesSignature('application/zip', bytes([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    expect(matchesSignature('application/pdf', bytes('%PD'))).toBe(false);
    expect(matchesSignature('text/plain', new Uint8Array())).toBe(false);
  });

  it('refuses binary bytes declared as text', () => {
    expect(matchesSignature('text/plain', SAMPLES['image/png'])).toBe(false);
    expect(matchesSignature('text/markdown', SAMPLES['application/zip'])).toBe(false);
  });

  it('names the declared type in its refusal', () => {
    expect(notOfTypeMessage('application/pdf')).toBe('The file is not a PDF.');
    expect(notOfTypeMessage('image/png')).toBe('The file is not a PNG image.');
  });
});

describe('looksLikeText', () => {
  it('accepts a UTF-8 character cut at the end of the probe', () => {
    const text = Buffer.from('naïve ✓');
    expect(looksLikeText(text.subarray(0, text.length - 1))).toBe(true);
  });

  it('refuses invalid UTF-8 and control bytes', () => {
    expect(looksLikeText(bytes([0x61, 0xc3, 0x28, 0x62]))).toBe(false);
    expect(looksLikeText(bytes('abc\x00def'))).toBe(false);
    expect(looksLikeText(bytes('abc\x1bdef'))).toBe(false);
  });
});
