import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation of Common Cartridge documents (issue 27 item 6; decision record 078)
 * against the IMS CC 1.3 schemas: the files of `tests/support/standards/common-cartridge/`
 * (their record in its `SOURCES.md`), read by xmllint (libxml2 compiled to
 * WebAssembly), offline. The schemas import each other by absolute addresses on the
 * IMS and W3C sites; those addresses are mapped, in memory, to the local files (the
 * files are not edited), as `oai-pmh-schemas.ts` does for the OAI-PMH schemas.
 */

const FOLDER = path.resolve(import.meta.dirname, 'standards/common-cartridge');

/** The absolute schema addresses the files import, and the local file each maps to. */
export const CC_SCHEMA_ADDRESS_MAP: Readonly<Record<string, string>> = {
  'http://www.imsglobal.org/xsd/w3/2001/xml.xsd': 'xml.xsd',
  'http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imsccauth_v1p3.xsd': 'ccv1p3_imsccauth_v1p3.xsd',
  'http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lommanifest_v1p0.xsd': 'ccv1p3_lommanifest_v1p0.xsd',
  'http://www.imsglobal.org/profile/cc/ccv1p3/LOM/ccv1p3_lomresource_v1p0.xsd': 'ccv1p3_lomresource_v1p0.xsd',
  'http://www.imsglobal.org/profile/cc/ccv1p3/ccv1p3_imscsmd_v1p0.xsd': 'ccv1p3_imscsmd_v1p0.xsd',
};

function schemaFile(name: string): XMLFileInfo {
  let contents = readFileSync(path.join(FOLDER, name), 'utf8');
  for (const [address, local] of Object.entries(CC_SCHEMA_ADDRESS_MAP)) {
    contents = contents.replaceAll(`schemaLocation="${address}"`, `schemaLocation="${local}"`);
  }
  return { fileName: name, contents };
}

const PRELOAD: readonly XMLFileInfo[] = [
  'xml.xsd',
  'ccv1p3_imsccauth_v1p3.xsd',
  'ccv1p3_lommanifest_v1p0.xsd',
  'ccv1p3_lomresource_v1p0.xsd',
  'ccv1p3_imscsmd_v1p0.xsd',
].map(schemaFile);

async function errorsOf(xml: string, fileName: string, schema: XMLFileInfo): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName, contents: xml },
    schema,
    preload: [...PRELOAD],
    // No schema is fetched from the network; a missing one is an error.
    modifyArguments: (args) => ['--nonet', ...args],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** The schema errors of an `imsmanifest.xml` against `ccv1p3_imscp_v1p2_v1p0.xsd` (an empty list when valid). */
export function cartridgeManifestErrors(xml: string): Promise<string[]> {
  return errorsOf(xml, 'imsmanifest.xml', schemaFile('ccv1p3_imscp_v1p2_v1p0.xsd'));
}

/** The schema errors of a web-link document against `ccv1p3_imswl_v1p3.xsd` (an empty list when valid). */
export function weblinkErrors(xml: string): Promise<string[]> {
  return errorsOf(xml, 'weblink.xml', schemaFile('ccv1p3_imswl_v1p3.xsd'));
}
