import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { XmlElement, xmlAttribute, xmlDocument, xmlText } from './xml-writer.ts';

describe('the XML writer', () => {
  it('escapes text and attributes, and drops characters XML does not allow', () => {
    expect(xmlText('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d "e"');
    expect(xmlAttribute('say "hi"\tand\nbye\r')).toBe('say &quot;hi&quot;&#9;and&#10;bye&#13;');
    expect(xmlText('bell\u0007 nul\u0000 ok\ufffe, 😀 \ud800 lone')).toBe('bell nul ok, 😀  lone');
  });

  it('writes a document an XML parser reads back with its namespaces, attributes and text', () => {
    const root = new XmlElement('r', { xmlns: 'urn:a', 'xmlns:b': 'urn:b', id: '1 & "2"' });
    root.ele('b:child').txt('x < y');
    root.ele('empty', { n: '\n' });
    const xml = xmlDocument(root);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><r xmlns="urn:a" xmlns:b="urn:b" id="1 &amp; &quot;2&quot;"><b:child>x &lt; y</b:child><empty n="&#10;"/></r>',
    );
    const doc = create(xml).root();
    expect((doc.node as unknown as Element).getAttribute('id')).toBe('1 & "2"');
    const child = doc.first().node as unknown as Element;
    expect([child.namespaceURI, child.localName, child.textContent]).toEqual(['urn:b', 'child', 'x < y']);
    expect((doc.last().node as unknown as Element).getAttribute('n')).toBe('\n');
  });

  it('refuses a name that is not an XML name', () => {
    expect(() => new XmlElement('a b')).toThrow('"a b" is not an XML element name.');
    expect(() => new XmlElement('a', { '1x': '' })).toThrow('"1x" is not an XML attribute name.');
  });
});
