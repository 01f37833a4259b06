import * as z from 'zod';
import { EntityId, fileName, IsoDateTime, limitParam, PageToken, pageOf } from './common.ts';
import { ContentCategory, ContentFields, EducationLevel, ExperienceLevel, KnowledgeIndexRef } from './content.ts';
import { ContributorFields } from './contributor.ts';

/**
 * Submission and review of courseware (issue 25 item 6; decision record 067): a user
 * with the submit-abstract capability (spec §6 "Submit abstract") proposes an item
 * from the call for courseware (spec §1, §2 `/callforcourseware`) — its name,
 * description, levels, categories, NICE/CAE mappings, files and the grant track —
 * and the courseware team reviews it: a threaded comment exchange, changes
 * requested, then accepted (an unpublished content item with the submitter as
 * contributor) or declined with a reason.
 */

/** The limits of submissions (kept here, not in `shared/limits.ts`, which the first render carries). */
export const SUBMISSION_LIMITS = {
  /** Characters of one comment, a change request's message or a decline reason (trimmed, required). */
  commentMaxChars: 5000,
  /** Files one submission carries. */
  filesMax: 20,
  /** Comments on one submission; the next is a 409. */
  commentsMax: 200,
  /** Submissions of one state on one page of the review queue (default and most). */
  reviewPageSize: 25,
} as const;

/**
 * The states of a submission: `submitted` (waiting for the team), `changesRequested`
 * (the submitter edits and resubmits), `accepted` (an unpublished item was made of
 * it) and `declined` (with a reason). The last two are final.
 */
export const SUBMISSION_STATES = ['submitted', 'changesRequested', 'accepted', 'declined'] as const;
export const SubmissionState = z.enum(SUBMISSION_STATES);
export type SubmissionState = z.infer<typeof SubmissionState>;

/**
 * The grant tracks of the call for courseware (spec §1): an informal, free
 * submission, or the formal, paid process.
 */
export const GRANT_TRACKS = ['informal', 'formal'] as const;
export const GrantTrack = z.enum(GRANT_TRACKS);
export type GrantTrack = z.infer<typeof GrantTrack>;

/** The message of the 409 for a stale `version`. */
export const SUBMISSION_STALE_MESSAGE = 'The submission was changed meanwhile. Reload it and try again.';
/** The message of the 404 for a submission that is missing or not the caller's. */
export const SUBMISSION_NOT_FOUND_MESSAGE = 'Submission not found.';
/** The message of the 409 for a change its state does not allow. */
export const SUBMISSION_STATE_MESSAGE = 'The submission is not in a state that allows this.';
/** The message of the 409 when a submission has {@link SUBMISSION_LIMITS.commentsMax} comments. */
export const SUBMISSION_COMMENTS_FULL_MESSAGE = 'This submission has as many comments as it may have.';

const commentText = z
  .string({ error: 'Is required.' })
  .trim()
  .min(1, 'Is required.')
  .max(SUBMISSION_LIMITS.commentMaxChars, `Must be at most ${SUBMISSION_LIMITS.commentMaxChars} characters.`);

/** A file the submission carries: an upload of kind `content` by id, and the name shown (spec §5 "File name"). */
export const SubmissionFileSlot = z.object({ id: EntityId, name: fileName() }).strict();
export type SubmissionFileSlot = z.infer<typeof SubmissionFileSlot>;

/**
 * The proposed item as the submitter writes it: the content fields a submitter may
 * propose (spec §3 Content; the description is HTML, sanitised by the server as
 * content's is), and who the submitter is as a contributor (spec §5 "Contributor").
 */
export const SubmissionProposal = z.object({
  name: ContentFields.shape.name,
  description: ContentFields.shape.description,
  categories: z.array(ContentCategory).max(10).default([]),
  educationLevels: z.array(EducationLevel).max(10).default([]),
  experienceLevels: z.array(ExperienceLevel).max(10).default([]),
  ksas: z.array(KnowledgeIndexRef).max(1000).default([]),
  kus: z.array(KnowledgeIndexRef).max(1000).default([]),
  tkss: z.array(KnowledgeIndexRef).max(1000).default([]),
});

/** The submitter as the accepted item's contributor (spec §5 "Contributor"; no portrait). */
export const SubmissionContributor = ContributorFields.omit({ portraitFileId: true });
export type SubmissionContributor = z.infer<typeof SubmissionContributor>;

/** `POST /api/v1/submissions` body: the proposal, the contributor, the files and the grant track. */
export const CreateSubmissionRequest = SubmissionProposal.extend({
  track: GrantTrack,
  contributor: SubmissionContributor,
  files: z.array(SubmissionFileSlot).max(SUBMISSION_LIMITS.filesMax).default([]),
})
  .superRefine((body, context) => {
    const seen = new Set<string>();
    for (const [position, slot] of body.files.entries()) {
      if (seen.has(slot.id)) context.addIssue({ code: 'custom', path: ['files', position], message: 'Listed twice.' });
      seen.add(slot.id);
    }
  })
  .meta({ id: 'CreateSubmissionRequest' });
export type CreateSubmissionRequest = z.input<typeof CreateSubmissionRequest>;
export type ParsedCreateSubmissionRequest = z.output<typeof CreateSubmissionRequest>;

/**
 * `PUT /api/v1/submissions/{id}` body: the whole submission again (files left out are
 * detached) and the `version` last read (stale → 409). Allowed while changes are
 * requested; it resubmits the submission.
 */
export const UpdateSubmissionRequest = SubmissionProposal.extend({
  track: GrantTrack,
  contributor: SubmissionContributor,
  files: z.array(SubmissionFileSlot).max(SUBMISSION_LIMITS.filesMax).default([]),
  version: z.number({ error: 'Is required.' }).int().min(1),
}).meta({ id: 'UpdateSubmissionRequest' });
export type UpdateSubmissionRequest = z.input<typeof UpdateSubmissionRequest>;
export type ParsedUpdateSubmissionRequest = z.output<typeof UpdateSubmissionRequest>;

/** `POST …/comments` body: the text, and the comment it answers (threaded), if any. */
export const CreateSubmissionCommentRequest = z
  .object({ text: commentText, inReplyTo: EntityId.nullable().default(null) })
  .meta({ id: 'CreateSubmissionCommentRequest' });
export type CreateSubmissionCommentRequest = z.input<typeof CreateSubmissionCommentRequest>;
export type ParsedCreateSubmissionCommentRequest = z.output<typeof CreateSubmissionCommentRequest>;

/**
 * `POST /api/v1/submission-reviews/{id}/decisions` body: an editor's decision on a
 * submitted submission, with the `version` last read. `requestChanges` says what to
 * change; `decline` needs a reason; `accept` makes the unpublished item.
 */
export const SubmissionDecisionRequest = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('requestChanges'), message: commentText, version: z.number().int().min(1) }),
    z.object({ decision: z.literal('decline'), reason: commentText, version: z.number().int().min(1) }),
    z.object({ decision: z.literal('accept'), version: z.number().int().min(1) }),
  ])
  .meta({ id: 'SubmissionDecisionRequest' });
export type SubmissionDecisionRequest = z.input<typeof SubmissionDecisionRequest>;

/** A file of a submission as answered. */
export const SubmissionFile = z.object({
  id: EntityId,
  name: z.string(),
  filename: z.string(),
  type: z.string(),
});
export type SubmissionFile = z.infer<typeof SubmissionFile>;

/** A submission (issue 25 item 6). `contentId` is the item made of it once accepted. */
export const Submission = z
  .object({
    id: EntityId,
    state: SubmissionState,
    track: GrantTrack,
    name: z.string(),
    description: z.string(),
    categories: z.array(ContentCategory),
    educationLevels: z.array(EducationLevel),
    experienceLevels: z.array(ExperienceLevel),
    ksas: z.array(KnowledgeIndexRef),
    kus: z.array(KnowledgeIndexRef),
    tkss: z.array(KnowledgeIndexRef),
    contributor: SubmissionContributor,
    files: z.array(SubmissionFile),
    submitterId: EntityId,
    submitterName: z.string(),
    createdTimestamp: IsoDateTime,
    modifiedTimestamp: IsoDateTime,
    /** When it entered its current state (the review queue's order). */
    stateTimestamp: IsoDateTime,
    declineReason: z.string().nullable(),
    contentId: EntityId.nullable(),
    commentCount: z.number().int().min(0),
    version: z.number().int().min(1),
  })
  .meta({ id: 'Submission' });
export type Submission = z.infer<typeof Submission>;

/** One comment of a submission's thread; `inReplyTo` names the comment it answers. */
export const SubmissionComment = z
  .object({
    id: EntityId,
    inReplyTo: EntityId.nullable(),
    authorName: z.string(),
    /** `team` for the courseware team (editors), `submitter` for the submitter. */
    authorRole: z.enum(['team', 'submitter']),
    text: z.string(),
    /** `requestChanges` or `decline` when the comment carries that decision, else null. */
    decision: z.enum(['requestChanges', 'decline', 'accept']).nullable(),
    createdTimestamp: IsoDateTime,
  })
  .meta({ id: 'SubmissionComment' });
export type SubmissionComment = z.infer<typeof SubmissionComment>;

/** A submission with its thread, oldest comment first. */
export const SubmissionDetail = z
  .object({ submission: Submission, comments: z.array(SubmissionComment) })
  .meta({ id: 'SubmissionDetail' });
export type SubmissionDetail = z.infer<typeof SubmissionDetail>;

/** The caller's own submissions, newest first (at most 100; one page). */
export const SubmissionList = z.object({ items: z.array(Submission) }).meta({ id: 'SubmissionList' });
export type SubmissionList = z.infer<typeof SubmissionList>;

/** A page of the review queue: submissions of one state, oldest first. */
export const SubmissionPage = pageOf(Submission).meta({ id: 'SubmissionPage' });
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** `{id}` of the submission routes. */
export const SubmissionPath = z.object({ id: EntityId });

/** `{id}` and `{fileId}` of a submission file's download URL (issue 25 item 6). */
export const SubmissionFilePath = z.object({ id: EntityId, fileId: EntityId });

/** `GET /api/v1/submission-reviews` query: the state (default `submitted`), page size and token. */
export const ListSubmissionReviewsQuery = z.object({
  state: SubmissionState.default('submitted'),
  limit: limitParam(SUBMISSION_LIMITS.reviewPageSize, SUBMISSION_LIMITS.reviewPageSize),
  pageToken: PageToken.optional(),
});
export type ListSubmissionReviewsQuery = z.input<typeof ListSubmissionReviewsQuery>;
export type ParsedListSubmissionReviewsQuery = z.output<typeof ListSubmissionReviewsQuery>;
