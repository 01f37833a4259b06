import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation of OAI-PMH responses (issue 24 item 7) against the OAI-PMH 2.0 schema
 * and, inside them, `oai_dc` records against the `oai_dc` schema: the files of
 * `tests/support/standards/oai-pmh/` (their record in its `SOURCES.md`), read by
 * xmllint (libxml2 compiled to WebAssembly), offline.
 *
 * - `simpledc20021212.xsd` imports the XML namespace from its absolute address
 *   `http://www.w3.org/2001/03/xml.xsd`; that address is mapped, in memory, to the
 *   local `xml.xsd` (the files are not edited).
 * - The OAI-PMH schema's `<metadata>` holds any element of another namespace with
 *   `processContents="strict"`, so every record format needs its schema. The IEEE LOM
 *   schema is not available offline: a stand-in declares only the root `lom` element
 *   of `http://ltsc.ieee.org/xsd/LOM` with skipped content, so a LOM response's
 *   envelope is still validated strictly and its records are checked by structure in
 *   the tests (an XML parser), not by this schema.
 */

const FOLDER = path.resolve(import.meta.dirname, 'standards/oai-pmh');

/** The absolute schema addresses the files import, and the local file each maps to. */
export const OAI_SCHEMA_ADDRESS_MAP: Readonly<Record<string, string>> = {
  'http://www.w3.org/2001/03/xml.xsd': 'xml.xsd',
};

function schemaFile(name: string): XMLFileInfo {
  let contents = readFileSync(path.join(FOLDER, name), 'utf8');
  for (const [address, local] of Object.entries(OAI_SCHEMA_ADDRESS_MAP)) {
    contents = contents.replaceAll(`schemaLocation="${address}"`, `schemaLocation="${local}"`);
  }
  return { fileName: name, contents };
}

const LOM_STAND_IN: XMLFileInfo = {
  fileName: 'lom-stand-in.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://ltsc.ieee.org/xsd/LOM" elementFormDefault="qualified">
  <xs:element name="lom">
    <xs:complexType>
      <xs:sequence><xs:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
      <xs:anyAttribute namespace="##any" processContents="skip"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`,
};

/** One schema importing the three namespaces a response may hold. */
const DRIVER: XMLFileInfo = {
  fileName: 'oai-response.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:portal:tests:oai-response">
  <xs:import namespace="http://www.openarchives.org/OAI/2.0/" schemaLocation="OAI-PMH.xsd"/>
  <xs:import namespace="http://www.openarchives.org/OAI/2.0/oai_dc/" schemaLocation="oai_dc.xsd"/>
  <xs:import namespace="http://ltsc.ieee.org/xsd/LOM" schemaLocation="lom-stand-in.xsd"/>
</xs:schema>
`,
};

const PRELOAD: readonly XMLFileInfo[] = [
  ...['OAI-PMH.xsd', 'oai_dc.xsd', 'simpledc20021212.xsd', 'xml.xsd'].map(schemaFile),
  LOM_STAND_IN,
];

/**
 * The schema errors of one OAI-PMH response document (an empty list when it is
 * valid): OAI-PMH 2.0, `oai_dc` records against `oai_dc.xsd`, LOM records only by
 * their root element (see the module comment).
 */
export async function oaiSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'response.xml', contents: xml },
    schema: DRIVER,
    preload: [...PRELOAD],
    // No schema is fetched from the network; a missing one is an error.
    modifyArguments: (args) => ['--nonet', ...args],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
