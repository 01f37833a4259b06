import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { XmlElement, xmlDocument, xmlSafe } from './xml-writer.ts';

describe('the XML writer', () => {
  it('drops characters XML does not allow', () => {
    expect(xmlSafe('bell\u0007 nul\u0000 ok\ufffe, 😀 \ud800 lone\ttab')).toBe('bell nul ok, 😀  lone\ttab');
  });

  it('writes a document an XML parser reads back with its namespaces, attributes, order and escaped text', () => {
    const root = new XmlElement('r', { xmlns: 'urn:a', 'xmlns:b': 'urn:b', id: '1 & "2" <3>' });
    root.ele('b:child').txt('x < y & z\u0007');
    root.ele('empty', { n: "it's" });
    root.ele('b:child').txt('second');
    const xml = xmlDocument(root);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><r xmlns="urn:a" xmlns:b="urn:b" ')).toBe(true);
    expect(xml).toContain('<empty n="it&apos;s"/>');
    const parsed = new XMLParser({ ignoreAttributes: false, preserveOrder: true }).parse(xml) as Record<
      string,
      unknown
    >[];
    const r = parsed.find((node) => 'r' in node) as { r: Record<string, unknown>[]; ':@': Record<string, string> };
    expect(r[':@']).toEqual({ '@_xmlns': 'urn:a', '@_xmlns:b': 'urn:b', '@_id': '1 & "2" <3>' });
    expect(r.r.map((node) => Object.keys(node)[0])).toEqual(['b:child', 'empty', 'b:child']);
    expect(r.r[0]).toEqual({ 'b:child': [{ '#text': 'x < y & z' }] });
  });

  it('refuses a name that is not an XML name', () => {
    expect(() => new XmlElement('a b')).toThrow('"a b" is not an XML element name.');
    expect(() => new XmlElement('a', { '1x': '' })).toThrow('"1x" is not an XML attribute name.');
  });
});
