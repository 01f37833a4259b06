import { describe, expect, it } from 'vitest';
import { buildManifest, type ManifestEntry, manifestFingerprint, parseManifest } from './manifest.ts';

const entry = (path: string, overrides: Partial<ManifestEntry> = {}): ManifestEntry => ({
  path,
  fileId: `id-${path}`,
  objectKey: `content/x/${path}`,
  size: 10,
  sha256: 'a'.repeat(64),
  type: 'application/pdf',
  mtime: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

describe('bundle manifest', () => {
  it('fingerprints the same file set the same way, whatever the field order', () => {
    const a = [entry('Root/a.pdf'), entry('Root/b.txt', { type: 'text/plain' })];
    const reordered = a.map((e) => JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(e).reverse()))));
    expect(manifestFingerprint(reordered)).toBe(manifestFingerprint(a));
    expect(manifestFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the fingerprint when a path, a file or its bytes change', () => {
    const base = manifestFingerprint([entry('Root/a.pdf')]);
    expect(manifestFingerprint([entry('Root/renamed.pdf')])).not.toBe(base);
    expect(manifestFingerprint([entry('Root/a.pdf', { sha256: 'b'.repeat(64) })])).not.toBe(base);
    expect(manifestFingerprint([entry('Root/a.pdf', { size: 11 })])).not.toBe(base);
  });

  it('round-trips through JSON and refuses a manifest whose entries no longer match its fingerprint', () => {
    const manifest = buildManifest('bundle-1', 'Root', [entry('Root/a.pdf'), entry('Root/b.pdf')]);
    expect(manifest).toMatchObject({ fileCount: 2, totalBytes: 20 });
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
    const tampered = { ...manifest, entries: [entry('Root/../../etc/passwd')] };
    expect(() => parseManifest(JSON.stringify(tampered))).toThrow('fingerprint');
    expect(() => parseManifest('{"format":2}')).toThrow('unknown format');
  });
});
