import type { ContentDetail } from '#shared/contracts/content';
import { CONTENT_CATEGORY_LABELS, EDUCATION_LEVEL_LABELS, KNOWLEDGE_TYPE_LABELS } from '#shared/enums';
import { knownLicence } from '#shared/licences';

/**
 * The schema.org `LearningResource` of a content item (issue 22 item 2), as JSON-LD
 * for `<script type="application/ld+json">`: name, description (plain text),
 * `educationalLevel` (the education levels' labels), `learningResourceType` (the
 * categories' labels), `license` (the address of the item's own
 * licence when `#shared/licences` knows it, with the text as `usageInfo`; the text
 * itself when it is an address; else no `license`, only the text as `usageInfo`,
 * so an unknown licence is never declared as another; issue 24 item 0), `teaches` (every NICE/CAE
 * knowledge item as a `DefinedTerm` with its code, name and the set it belongs to)
 * and `author` (the contributors as `Person`s, in order).
 */
export function learningResourceJsonLd(
  detail: ContentDetail,
  page: { readonly url: string; readonly description: string; readonly siteName: string },
): Record<string, unknown> {
  const { content, contributors } = detail;
  const licence = content.licence.trim();
  const licenceIsUrl = /^https?:\/\/\S+$/i.test(licence);
  const licenceUrl = knownLicence(licence)?.url ?? (licenceIsUrl ? licence : null);
  const knowledge = [
    ...content.tkss.map((item) => ({ ...item, type: 'TKS' as const })),
    ...content.ksas.map((item) => ({ ...item, type: 'KSA' as const })),
    ...content.kus.map((item) => ({ ...item, type: 'KU' as const })),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'LearningResource',
    '@id': page.url,
    url: page.url,
    name: content.name,
    description: page.description,
    inLanguage: 'en',
    educationalLevel: content.educationLevels.map((level) => EDUCATION_LEVEL_LABELS[level]),
    learningResourceType: content.categories.map((category) => CONTENT_CATEGORY_LABELS[category]),
    ...(licenceUrl ? { license: licenceUrl } : {}),
    ...(licence && !licenceIsUrl ? { usageInfo: licence } : {}),
    teaches: knowledge.map((item) => ({
      '@type': 'DefinedTerm',
      termCode: item.id,
      name: item.name,
      inDefinedTermSet: KNOWLEDGE_TYPE_LABELS[item.type],
    })),
    author: contributors.map((contributor) => ({
      '@type': 'Person',
      name: [
        contributor.prefix,
        contributor.firstName,
        contributor.middleName,
        contributor.lastName,
        contributor.suffix,
      ]
        .filter((part): part is string => typeof part === 'string' && part.trim().length > 0)
        .join(' '),
      ...(contributor.school ? { affiliation: { '@type': 'Organization', name: contributor.school } } : {}),
    })),
    publisher: { '@type': 'Organization', name: page.siteName },
    dateModified: content.modifiedTimestamp,
  };
}
