import { DownloadUrl, FileAccess, PreviewUrl, RequestBundleRequest, RequestedBundle } from '../contracts/download.ts';
import { CreatedUpload, CreateUploadRequest, DeletedFile, File, FilePath, FileStatusBody } from '../contracts/file.ts';
import type { GroupRouteDefinition } from '../route-definition.ts';

/** The routes of the `file` client group (spec §7), a part of the route table `ROUTES` (`shared/routes.ts`; decision record 041). */
export const FILE_ROUTES = [
  {
    operationId: 'createUpload',
    method: 'POST',
    path: '/api/v1/files/uploads',
    idempotent: true,
    group: 'file',
    // Editors; submitters (can-submit-abstract) for a submission's courseware files only,
    // the kind checked by the handler (issue 25 item 6; decision record 067).
    access: 'uploadCoursewareFiles',
    summary:
      'Start an upload straight to S3: records a Pending file and answers a presigned POST pinned to its key, size and type, valid 15 minutes (spec §5, §7 "Files"; decision record 016).',
    request: { body: CreateUploadRequest },
    response: CreatedUpload,
    successStatus: 201,
    errorStatuses: [401, 403],
  },
  {
    operationId: 'completeUpload',
    method: 'POST',
    path: '/api/v1/files/{id}/complete',
    idempotent: true,
    group: 'file',
    access: 'uploadCoursewareFiles',
    summary:
      'Check the uploaded object (size, type, magic bytes) and mark the file Ready; a refused object is deleted and the answer is a 400 saying why (decision record 016).',
    request: { path: FilePath },
    response: File,
    errorStatuses: [401, 403, 404, 409],
  },
  {
    operationId: 'getFile',
    method: 'GET',
    path: '/api/v1/files/{id}',
    group: 'file',
    access: 'authenticated',
    summary: 'Get a file\'s status and name, e.g. to poll an upload or a bundle (spec §4 "File bundle", §7 "Files").',
    request: { path: FilePath },
    response: FileStatusBody,
    errorStatuses: [401, 404],
  },
  {
    operationId: 'getFileAccess',
    method: 'GET',
    path: '/api/v1/file-access',
    group: 'file',
    access: 'authenticated',
    summary:
      'What the caller may download on this brand — courseware files, lesson files — and, when not, why (spec §1, §6 "View files", "View lesson files"; decision record 022).',
    request: {},
    response: FileAccess,
    errorStatuses: [401],
  },
  {
    operationId: 'getDownloadUrl',
    method: 'GET',
    path: '/api/v1/files/{id}/download-url',
    group: 'file',
    access: 'authenticated',
    summary:
      'Check the file rights of spec §6 (courseware or lesson files, brand eligibility of §1), record the download event and its statistics, and answer a presigned GET valid 2 minutes with Content-Disposition: attachment (spec §7 "Get a download URL by id"; decision record 022).',
    request: { path: FilePath },
    response: DownloadUrl,
    errorStatuses: [401, 403, 404, 409, 503],
  },
  {
    operationId: 'getPreviewUrl',
    method: 'GET',
    path: '/api/v1/files/{id}/preview-url',
    group: 'file',
    access: 'authenticated',
    summary:
      'In-browser preview: the file rights of getDownloadUrl, then a presigned GET valid 2 minutes with Content-Disposition: inline and a safe media type (never HTML or SVG), recording a preview event counted apart from downloads; a file over 25 MB or of a type without a viewer answers tooLarge or kind none and no URL (issue 24 item 1; decision record 058).',
    request: { path: FilePath },
    response: PreviewUrl,
    errorStatuses: [401, 403, 404, 503],
  },
  {
    operationId: 'requestBundle',
    method: 'POST',
    path: '/api/v1/files/bundles',
    idempotent: true,
    group: 'file',
    // Every signed-in caller: a thin cartridge needs no file rights; the handler asks
    // viewFiles of a zip and a full cartridge (issue 27 item 6; decision record 078).
    access: 'authenticated',
    summary:
      'Request a zip of every file of a content item and its descendants, of every published item of one category, or of the items of a collection the caller may read in folders of its order (issue 26 item 2): records a Pending bundle file and starts the bundle workflow; poll getFile every 5 s until Ready (spec §4 "File bundle", §7 "Bundle request"; decision record 022). `format` picks the output: `zip` (default), `imscc` (an IMS Common Cartridge 1.3 of the same files) or `imscc-thin` (a Thin Common Cartridge: links and metadata only, the one format open to callers without file rights; issue 27 item 6, decision record 078).',
    request: { body: RequestBundleRequest },
    response: RequestedBundle,
    successStatus: 202,
    errorStatuses: [401, 403, 404, 503],
  },
  {
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/api/v1/files/{id}',
    group: 'file',
    access: 'updateContent',
    summary: 'Delete a file: its object, then its record (spec §7 "Delete a file by id"; decision record 016).',
    request: { path: FilePath },
    response: DeletedFile,
    errorStatuses: [401, 403, 404],
  },
] as const satisfies readonly GroupRouteDefinition<'file'>[];
