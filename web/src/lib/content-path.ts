/** The address of a content item (spec §2.6, §2.7): shared with the server's first HTML. */
export { contentPath } from '#shared/content-address';
