import '../../infra/local/quiet-node20-warning.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type AttributeValue, DynamoDBClient, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListMultipartUploadsCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { PersonaName } from '#shared/contracts/identity';
import { PAGE } from '#shared/limits';
import { BUCKETS, TABLE } from '#shared/table';
import { seededRandom } from '../../infra/local/faults.ts';
import { portalTokenFor } from '../support/local-portal.ts';
import {
  type ApiFindings,
  checkInvariants,
  countFound,
  DEFAULT_SWEEPER_WINDOW_SECONDS,
  type Expectation,
  type InboxEmail,
  type LedgerEntry,
  type StoredObject,
  type StoreSnapshot,
  type TableItem,
} from './invariants.ts';

/**
 * `npm run soak` (issue 28 item 3; decision record 086): a durability drill on loopback.
 * Starts the portal (`infra/local/start.ts`) as a child process on a fresh data folder
 * with `FAULTS=rate=<faults>` and the gateway's admission limits, runs a few virtual
 * users of every persona against it (browse, search, preview, download, bundle, save,
 * publish, invite, import, rate), `kill -9`s it every `--kill-every` minutes and starts
 * it again on the same folder; then restarts it once more without faults, lets the
 * outbox drain, asks the API, reads the table and both buckets through the SDK, and
 * checks the invariants (`invariants.ts`). Prints the figures; exit code 1 on any
 * violation, 2 on a user error or a failure of the drill itself.
 */

const USAGE =
  'usage: npm run soak -- [--minutes 30] [--kill-every 5] [--faults 0.05] [--users 4] [--seed 28] [--port 3800] [--keep]';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Wait before a retry, ms (the SPA's 0.5 s then 1 s, decision record 084). */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];
/** A request with no answer after this long counts as lost (and is retried). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Most time one write may take with its retries (through a restart) before it is judged unknown. */
const WRITE_DEADLINE_MS = 90_000;

class UsageError extends Error {}

interface Settings {
  minutes: number;
  killEveryMinutes: number;
  faultRate: number;
  users: number;
  seed: number;
  port: number;
  keep: boolean;
}

function settingsFrom(argv: string[]): Settings {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        minutes: { type: 'string', default: '30' },
        'kill-every': { type: 'string', default: '5' },
        faults: { type: 'string', default: '0.05' },
        users: { type: 'string', default: '4' },
        seed: { type: 'string', default: '28' },
        port: { type: 'string', default: '3800' },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  const number = (name: string, min: number, max: number): number => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a number from ${min} to ${max}, not "${String(values[name])}"`);
    }
    return value;
  };
  return {
    minutes: number('minutes', 0.5, 240),
    killEveryMinutes: number('kill-every', 0.25, 240),
    faultRate: number('faults', 0, 0.5),
    users: Math.round(number('users', 1, 16)),
    seed: Math.round(number('seed', 0, 2 ** 31)),
    port: Math.round(number('port', 1024, 65_535)),
    keep: values.keep === true,
  };
}

/* ── The portal as a child process ─────────────────────────────────────────── */

interface PortalLife {
  child: ChildProcess;
  pid: number;
  endpoints: { dynamodb: string; s3: string; sesInbox: string };
  exited: Promise<void>;
}

class PortalProcess {
  life: PortalLife | null = null;
  /** Resolves while the portal answers; replaced by a pending promise while it is down. */
  private upGate: Promise<void> = Promise.resolve();
  private openGate: () => void = () => {};
  peakRssKb = 0;
  lastRssKb = 0;
  lives = 0;
  readonly logTail: string[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly port: number,
  ) {}

  get baseUrl(): string {
    return `http://localhost:${this.port}`;
  }

  /** Resolves when the portal answers (at once when it is up). */
  whenUp(): Promise<void> {
    return this.upGate;
  }

  markDown(): void {
    this.upGate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  /** Starts `infra/local/start.ts` on the data folder; resolves once it printed "Ready". */
  async start(faults: string | null): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        this.life = await this.spawnOnce(faults);
        this.lives += 1;
        this.openGate();
        return;
      } catch (error) {
        // The killed portal's DynamoDB child lets go of the folder's lock when it notices its parent is gone.
        if (attempt >= 40 || !/already in use/.test(String((error as Error).message))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  private spawnOnce(faults: string | null): Promise<PortalLife> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
      WEB_MODE: 'none',
      SEED: 'if-empty',
      SEED_DOWNLOADS: '0',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    if (faults) env.FAULTS = faults;
    else delete env.FAULTS;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'infra/local/start.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return new Promise((resolve, reject) => {
      const endpoints: Record<string, string> = {};
      let output = '';
      let ready = false;
      const onLine = (line: string) => {
        this.logTail.push(line);
        if (this.logTail.length > 200) this.logTail.shift();
        const row = /^\s+(DynamoDB|S3|SES inbox)\s+(http\S+)/.exec(line);
        if (row?.[1] && row[2]) endpoints[row[1]] = row[2];
        if (!ready && line.startsWith('Ready in')) {
          ready = true;
          resolve({
            child,
            pid: child.pid ?? 0,
            exited,
            endpoints: {
              dynamodb: endpoints.DynamoDB ?? '',
              s3: endpoints.S3 ?? '',
              sesInbox: endpoints['SES inbox'] ?? '',
            },
          });
        }
      };
      const reader = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const lines = output.split('\n');
        output = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      };
      child.stdout?.on('data', reader);
      child.stderr?.on('data', reader);
      void exited.then(() => {
        if (!ready) reject(new Error(`the portal exited before it was ready: ${this.logTail.slice(-5).join(' | ')}`));
      });
    });
  }

  /** `kill -9` of the portal process; resolves when it is gone. */
  async kill(): Promise<void> {
    const life = this.life;
    if (!life) return;
    this.markDown();
    this.sampleMemory();
    life.child.kill('SIGKILL');
    await life.exited;
    this.life = null;
  }

  /** A clean stop (SIGTERM), for the end of the run. */
  async stop(): Promise<void> {
    const life = this.life;
    if (!life) return;
    this.markDown();
    life.child.kill('SIGTERM');
    await life.exited;
    this.life = null;
  }

  /** Reads VmRSS and VmHWM (peak of this life) of the portal process, in kB. */
  sampleMemory(): void {
    const pid = this.life?.pid;
    if (!pid) return;
    let status: string;
    try {
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return;
    }
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    this.lastRssKb = field('VmRSS');
    this.peakRssKb = Math.max(this.peakRssKb, field('VmHWM'), this.lastRssKb);
  }
}

/* ── Requests with the SPA's retries ───────────────────────────────────────── */

interface Answer {
  /** The last status, or null when no attempt got an answer. */
  status: number | null;
  body: unknown;
  /** True when an earlier attempt may have acted (no answer or a 5xx) before this answer. */
  uncertain: boolean;
}

class Client {
  readonly statuses = new Map<string, number>();
  readonly tokens = new Map<PersonaName, string>();
  readonly userIds = new Map<PersonaName, string>();
  stopped = false;

  constructor(private readonly portal: PortalProcess) {}

  /** Final answers per operation and status (`save 201`, `invite no answer`, …). */
  readonly byOperation = new Map<string, number>();

  private count(status: number | null): void {
    const key = status === null ? 'no answer' : String(status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  private countFinal(label: string | undefined, status: number | null): void {
    if (!label) return;
    const key = `${label} ${status === null ? 'no answer' : status}`;
    this.byOperation.set(key, (this.byOperation.get(key) ?? 0) + 1);
  }

  async signIn(persona: PersonaName): Promise<void> {
    const token = await portalTokenFor({ baseUrl: this.portal.baseUrl }, persona);
    this.tokens.set(persona, token);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
    this.userIds.set(persona, payload.sub);
  }

  /**
   * Sends a request as `persona` (or a visitor); a write carries an Idempotency-Key and is
   * sent again with it after no answer, a 502/503/504, or a 409/429 with Retry-After ≤ 10 s
   * (decision record 084), waiting for a restarted portal, until {@link WRITE_DEADLINE_MS}.
   * A read is sent once (counted), and once more after a restart.
   */
  async send(
    method: string,
    urlPath: string,
    options: { persona?: PersonaName; json?: unknown; label?: string } = {},
  ): Promise<Answer> {
    const write = method !== 'GET';
    const key = write ? crypto.randomUUID() : null;
    const started = Date.now();
    let uncertain = false;
    for (let attempt = 0; ; attempt += 1) {
      await this.portal.whenUp();
      let status: number | null = null;
      let body: unknown = null;
      let retryAfter: number | null = null;
      try {
        const token = options.persona ? this.tokens.get(options.persona) : undefined;
        const response = await fetch(`${this.portal.baseUrl}${urlPath}`, {
          method,
          headers: {
            ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = response.status;
        const text = await response.text();
        body = text ? safeJson(text) : null;
        const header = response.headers.get('retry-after');
        retryAfter = header !== null && /^\d+$/.test(header) ? Number(header) : null;
      } catch {
        status = null;
      }
      this.count(status);
      const elapsed = Date.now() - started;
      const retriable =
        status === null ||
        status === 502 ||
        status === 503 ||
        status === 504 ||
        ((status === 409 || status === 429) && retryAfter !== null && retryAfter <= 10);
      const budgetLeft = write ? elapsed < WRITE_DEADLINE_MS : attempt < 1;
      if (!retriable || !budgetLeft || this.stopped) {
        this.countFinal(options.label, status);
        return { status, body, uncertain: uncertain && status !== null && (status < 200 || status >= 300) };
      }
      if (status === null || status >= 500) uncertain = true;
      const delay = retryAfter !== null ? retryAfter * 1000 : (RETRY_DELAYS_MS[Math.min(attempt, 3)] ?? 4_000);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** 1 → `qb`, 2 → `qc`, …: a number as a word of letters (base 26, a leading q). */
function lettersOf(value: number): string {
  let word = '';
  let rest = value;
  do {
    word = String.fromCharCode(97 + (rest % 26)) + word;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `q${word}`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/* ── The traffic ───────────────────────────────────────────────────────────── */

interface World {
  labId: string;
  labPdf: string;
  organizationId: string;
  /** Published seeded content the raters rate. */
  rateable: string[];
  /** Content the soak created: id, version and name. */
  soakContent: { id: string; version: number; name: string; published: boolean }[];
  /** Ids seen in search results (checked at the end). */
  searchResults: Set<string>;
}

type Operation = (vu: number) => Promise<void>;

class Traffic {
  readonly ledger: LedgerEntry[] = [];
  private counter = 0;
  private readonly started = Date.now();

  constructor(
    private readonly client: Client,
    private readonly world: World,
    private readonly runId: string,
    private readonly random: () => number,
  ) {}

  private unique(): string {
    this.counter += 1;
    return `${this.runId}-${this.counter}`;
  }

  private record(answer: Answer, expect: Expectation, sentAtMs: number): void {
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    if (ok) this.ledger.push({ outcome: 'acknowledged', sentAtMs, expect });
    else if (answer.status === null || answer.status >= 500 || answer.uncertain) {
      this.ledger.push({ outcome: 'unknown', sentAtMs, expect });
    }
  }

  private now(): number {
    return Date.now() - this.started;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  readonly operations: [string, number, Operation][] = [
    ['browse', 24, () => this.browse()],
    ['search', 14, () => this.search()],
    ['preview', 8, () => this.download('preview')],
    ['download', 10, () => this.download('download')],
    ['bundle', 3, () => this.bundle()],
    ['save', 10, () => this.save()],
    ['publish', 6, () => this.publish()],
    ['invite', 7, () => this.invite()],
    ['import', 3, () => this.import()],
    ['rate', 8, () => this.rate()],
  ];

  /** One operation, chosen by weight. */
  async step(vu: number): Promise<void> {
    const total = this.operations.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.random() * total;
    for (const [, weight, operation] of this.operations) {
      roll -= weight;
      if (roll <= 0) return operation(vu);
    }
  }

  private async browse(): Promise<void> {
    const persona = this.pick<PersonaName | undefined>([undefined, 'student', 'faculty-vacr', 'no-role']);
    const list = await this.client.send('GET', '/api/v1/content?limit=20', { persona, label: 'browse' });
    const items = (list.body as { items?: { id: string }[] } | null)?.items ?? [];
    if (items.length > 0)
      await this.client.send('GET', `/api/v1/content/${this.pick(items).id}`, { persona, label: 'browse' });
  }

  private async search(): Promise<void> {
    const text = this.pick(['buffer overflow', 'network', 'cryptography', 'soak', 'linux', 'web security']);
    const answer = await this.client.send('POST', '/api/v1/search/content', {
      persona: this.pick<PersonaName | undefined>([undefined, 'faculty-uscr', 'student']),
      json: { text, limit: 10 },
      label: 'search',
    });
    for (const item of (answer.body as { items?: { id: string }[] } | null)?.items ?? []) {
      this.world.searchResults.add(item.id);
    }
  }

  private async download(kind: 'download' | 'preview'): Promise<void> {
    const fileId = this.world.labPdf;
    const sentAtMs = this.now();
    const answer = await this.client.send('GET', `/api/v1/files/${fileId}/${kind}-url`, {
      persona: 'faculty-uscr',
      label: kind,
    });
    this.record(answer, { kind, fileId }, sentAtMs);
  }

  private async bundle(): Promise<void> {
    const sentAtMs = this.now();
    const answer = await this.client.send('POST', '/api/v1/files/bundles', {
      persona: 'faculty-uscr',
      json: { contentId: this.world.labId },
      label: 'bundle',
    });
    this.record(answer, { kind: 'bundle', id: (answer.body as { id?: string } | null)?.id }, sentAtMs);
  }

  /** Uploads a small PDF (create, post to S3, complete); its file id, or null when a step failed. */
  private async upload(): Promise<string | null> {
    const bytes = Buffer.from(`%PDF-1.7\n% soak ${this.unique()}\n`);
    const created = await this.client.send('POST', '/api/v1/files/uploads', {
      persona: 'editor',
      json: { kind: 'content', name: 'Soak guide.pdf', type: 'application/pdf', size: bytes.length },
      label: 'upload',
    });
    const upload = created.body as { fileId?: string; upload?: { url: string; fields: Record<string, string> } } | null;
    if (created.status !== 201 || !upload?.fileId || !upload.upload) return null;
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.upload.fields)) form.append(name, value);
    form.append('file', new Blob([bytes], { type: 'application/pdf' }));
    try {
      const posted = await fetch(upload.upload.url, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      this.client.statuses.set(`s3 ${posted.status}`, (this.client.statuses.get(`s3 ${posted.status}`) ?? 0) + 1);
      if (posted.status !== 204) return null;
    } catch {
      this.client.statuses.set('s3 no answer', (this.client.statuses.get('s3 no answer') ?? 0) + 1);
      return null;
    }
    const completed = await this.client.send('POST', `/api/v1/files/${upload.fileId}/complete`, {
      persona: 'editor',
      label: 'complete upload',
    });
    return completed.status !== null && completed.status < 300 ? upload.fileId : null;
  }

  private async save(): Promise<void> {
    const fileId = await this.upload();
    if (!fileId) return;
    this.counter += 1;
    // A word of letters only, unique to this item, so that a search for the name finds it first.
    const name = `Soak ${this.runId} ${lettersOf(this.counter)}`;
    const sentAtMs = this.now();
    const answer = await this.client.send('POST', '/api/v1/content-saves', {
      persona: 'editor',
      json: {
        fields: { name, description: '<p>Written by the soak.</p>' },
        files: [{ id: fileId, name: 'Soak guide.pdf' }],
      },
      label: 'save',
    });
    const content = (answer.body as { content?: { id: string; version: number } } | null)?.content;
    this.record(answer, { kind: 'content', name, id: content?.id, fileIds: [fileId] }, sentAtMs);
    if (content) this.world.soakContent.push({ id: content.id, version: content.version, name, published: false });
  }

  private async publish(): Promise<void> {
    const candidates = this.world.soakContent.filter((item) => !item.published);
    if (candidates.length === 0) return;
    const item = this.pick(candidates);
    item.published = true; // claimed: one publish per item
    const detail = await this.client.send('GET', `/api/v1/content/${item.id}`, { persona: 'editor' });
    const content = (detail.body as { content?: { version: number; files: { id: string; name: string }[] } } | null)
      ?.content;
    if (!content) return;
    const sentAtMs = this.now();
    const answer = await this.client.send('POST', '/api/v1/content-saves', {
      persona: 'editor',
      json: {
        id: item.id,
        version: content.version,
        fields: { name: item.name, description: '<p>Written by the soak.</p>', status: 'published' },
        files: content.files.map((file) => ({ id: file.id, name: file.name })),
      },
      label: 'publish',
    });
    this.record(answer, { kind: 'publish', id: item.id }, sentAtMs);
  }

  private async invite(): Promise<void> {
    const email = `soak.${this.unique()}@example.edu`;
    const sentAtMs = this.now();
    const answer = await this.client.send('POST', '/api/v1/invitations', {
      persona: 'admin',
      json: { email, organizationId: this.world.organizationId, role: 'student' },
      label: 'invite',
    });
    this.record(answer, { kind: 'invitation', email }, sentAtMs);
  }

  private async import(): Promise<void> {
    const emails = [`soak.import.${this.unique()}@example.edu`, `soak.import.${this.unique()}@example.edu`];
    const csv = `name,email,role\n${emails.map((email, i) => `Soak Student ${i},${email},student`).join('\n')}\n`;
    const sentAtMs = this.now();
    const answer = await this.client.send('POST', '/api/v1/user-imports', {
      persona: 'admin',
      json: {
        fileName: 'soak.csv',
        content: Buffer.from(csv).toString('base64'),
        organizationId: this.world.organizationId,
        mode: 'validRowsOnly',
      },
      label: 'import',
    });
    this.record(answer, { kind: 'import', emails }, sentAtMs);
  }

  private async rate(): Promise<void> {
    const persona = this.pick<PersonaName>(['faculty-uscr', 'faculty-vacr']);
    const contentId = this.pick(this.world.rateable);
    const rating = 1 + Math.floor(this.random() * 5);
    const sentAtMs = this.now();
    const answer = await this.client.send('PUT', `/api/v1/content-items/${contentId}/reviews/mine`, {
      persona,
      json: { rating, text: `Soak rating ${this.unique()}.` },
      label: 'rate',
    });
    const userId = this.client.userIds.get(persona) ?? '';
    this.record(answer, { kind: 'rating', contentId, userId, rating }, sentAtMs);
  }
}

/* ── The run ───────────────────────────────────────────────────────────────── */

async function setUp(client: Client): Promise<World> {
  for (const persona of ['editor', 'admin', 'faculty-uscr', 'faculty-vacr', 'student'] as const) {
    await client.signIn(persona);
  }
  const alias =
    'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version';
  const lab = await client.send('GET', `/api/v1/content/${encodeURIComponent(alias)}`, { persona: 'faculty-uscr' });
  const content = (lab.body as { content?: { id: string; files: { id: string; filename: string }[] } } | null)?.content;
  const organizations = await client.send('GET', '/api/v1/organizations/all?limit=1', { persona: 'admin' });
  const organizationId = (organizations.body as { items?: { id: string }[] } | null)?.items?.[0]?.id;
  const published = await client.send('GET', '/api/v1/content?limit=10', { persona: 'faculty-uscr' });
  const rateable = ((published.body as { items?: { id: string }[] } | null)?.items ?? []).map((item) => item.id);
  const labPdf = content?.files.find((file) => file.filename.endsWith('.pdf'))?.id;
  if (!content || !labPdf || !organizationId || rateable.length === 0) {
    throw new Error('the seeded portal lacks the lab, its PDF, an organization or published content');
  }
  return {
    labId: content.id,
    labPdf,
    organizationId,
    rateable: rateable.slice(0, 5),
    soakContent: [],
    searchResults: new Set(),
  };
}

/** Polls the SES inbox of the running portal and keeps every e-mail seen (the inbox dies with each life). */
async function pollInbox(portal: PortalProcess, inbox: Map<string, InboxEmail>): Promise<void> {
  const url = portal.life?.endpoints.sesInbox;
  if (!url) return;
  try {
    const store = (await (await fetch(`${url}/store`, { signal: AbortSignal.timeout(5_000) })).json()) as {
      emails: InboxEmail[];
    };
    for (const email of store.emails) inbox.set(email.messageId, email);
  } catch {
    // Down or busy: the next poll reads it.
  }
}

async function main(): Promise<number> {
  const settings = settingsFrom(process.argv.slice(2));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-soak-'));
  const portal = new PortalProcess(dataDir, settings.port);
  const client = new Client(portal);
  const inbox = new Map<string, InboxEmail>();
  const load = (): string =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  const loadBefore = load();
  const faultsFor = (life: number) =>
    settings.faultRate > 0 ? `rate=${settings.faultRate},seed=${settings.seed + life}` : null;
  console.log(
    `soak: ${settings.minutes} min, kill -9 every ${settings.killEveryMinutes} min, faults ${settings.faultRate * 100} %, ${settings.users} virtual users, data ${dataDir}; load average ${loadBefore}`,
  );
  const timers: NodeJS.Timeout[] = [];
  try {
    // The first life seeds the folder; faults start once it answers (FAULTS applies from then on).
    await portal.start(faultsFor(0));
    const world = await setUp(client);
    const traffic = new Traffic(client, world, `s${Date.now().toString(36)}`, seededRandom(settings.seed));
    const started = Date.now();
    const endAt = started + settings.minutes * 60_000;
    let restarts = 0;
    let restartFailure: unknown = null;

    timers.push(setInterval(() => portal.sampleMemory(), 1_000));
    timers.push(setInterval(() => void pollInbox(portal, inbox), 2_000));

    const killer = (async () => {
      for (
        let next = started + settings.killEveryMinutes * 60_000;
        next < endAt;
        next += settings.killEveryMinutes * 60_000
      ) {
        await sleepUntil(next, () => client.stopped);
        if (client.stopped) return;
        await pollInbox(portal, inbox);
        await portal.kill();
        const at = ((Date.now() - started) / 60_000).toFixed(1);
        try {
          await portal.start(faultsFor(restarts + 1));
          restarts += 1;
          console.log(`soak: ${at} min: kill -9, restarted (${restarts})`);
        } catch (error) {
          restartFailure = error;
          client.stopped = true;
          return;
        }
      }
    })();

    const users = Array.from({ length: settings.users }, async (_, vu) => {
      while (Date.now() < endAt && !client.stopped) {
        await traffic.step(vu).catch(() => undefined);
        // Think time: a few requests a second per user, a drill, not a load test.
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.floor(Math.random() * 250)));
      }
    });
    await Promise.all(users);
    client.stopped = true;
    await killer;
    if (restartFailure) throw restartFailure;
    portal.sampleMemory();
    const finalRssKb = portal.lastRssKb;
    const peakRssKb = portal.peakRssKb;
    for (const timer of timers) clearInterval(timer);
    await pollInbox(portal, inbox);

    // The check life: one more kill -9, then a restart without faults.
    await portal.kill();
    await portal.start(null);
    restarts += 1;
    client.stopped = false;
    console.log('soak: traffic stopped; restarted without faults to check (waiting for the outbox to drain)');
    const life = portal.life;
    if (!life) throw new Error('the portal is not running');
    const dynamodb = new DynamoDBClient({
      endpoint: life.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const s3 = new S3Client({
      endpoint: life.endpoints.s3,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await drainOutbox(dynamodb, () => pollInbox(portal, inbox));
    // One housekeeping period and then some, for the sweeper and the resender.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    await pollInbox(portal, inbox);

    const api = await apiFindings(client, world, traffic.ledger);
    const store = await readStore(dynamodb, s3, [...inbox.values()]);
    dynamodb.destroy();
    s3.destroy();
    const violations = checkInvariants(traffic.ledger, store, api, {
      sweeperWindowSeconds: DEFAULT_SWEEPER_WINDOW_SECONDS,
    });
    const { acknowledged, found } = countFound(traffic.ledger, store);
    const unknown = traffic.ledger.filter((entry) => entry.outcome === 'unknown').length;

    await portal.stop();
    const loadAfter = load();
    const statuses = [...client.statuses].sort(([a], [b]) => a.localeCompare(b));
    const sent = [...client.statuses.values()].reduce((sum, count) => sum + count, 0);
    console.log('');
    console.log(`Soak report (${new Date().toISOString()})`);
    console.log(
      `  duration            ${settings.minutes} min of traffic, ${settings.users} virtual users, faults ${settings.faultRate * 100} %`,
    );
    console.log(
      `  requests sent       ${sent}: ${statuses.map(([status, count]) => `${status} × ${count}`).join(', ')}`,
    );
    const operations = [...client.byOperation].sort(([a], [b]) => a.localeCompare(b));
    console.log(`  by operation        ${operations.map(([key, count]) => `${key} × ${count}`).join(', ')}`);
    console.log(`  acknowledged writes ${acknowledged} (unknown: ${unknown})`);
    console.log(`  writes found        ${found} of ${acknowledged}`);
    console.log(`  restarts survived   ${restarts} (kill -9 each)`);
    console.log(`  portal memory       peak ${mb(peakRssKb)} MB RSS, final ${mb(finalRssKb)} MB RSS`);
    console.log(
      `  store               ${store.items.length} items, ${store.objects.length} objects, ${inbox.size} e-mails seen`,
    );
    console.log(`  load average        before ${loadBefore}, after ${loadAfter}`);
    console.log(`  invariant violations ${violations.length}`);
    for (const violation of violations.slice(0, 50)) console.log(`    ${violation.invariant}: ${violation.detail}`);
    if (violations.length > 50) console.log(`    … and ${violations.length - 50} more`);
    return violations.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`soak: failed: ${(error as Error).message}`);
    console.error(portal.logTail.slice(-15).join('\n'));
    return 2;
  } finally {
    client.stopped = true;
    for (const timer of timers) clearInterval(timer);
    await portal.stop().catch(() => undefined);
    if (!settings.keep) await rm(dataDir, { recursive: true, force: true });
    else console.log(`soak: data kept in ${dataDir}`);
  }
}

function mb(kb: number): string {
  return (kb / 1024).toFixed(0);
}

async function sleepUntil(time: number, stop: () => boolean): Promise<void> {
  while (Date.now() < time && !stop())
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, time - Date.now())));
}

/** Waits (up to 3 minutes) until no outbox message is pending (gsi1 `OUTBOX_PENDING`). */
async function drainOutbox(dynamodb: DynamoDBClient, poll: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const output = await dynamodb.send(
      new QueryCommand({
        TableName: process.env[TABLE.nameEnv] ?? TABLE.localName,
        IndexName: 'gsi1',
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.indexes.gsi1.partitionKey },
        ExpressionAttributeValues: { ':pk': { S: 'OUTBOX_PENDING' } },
        Limit: 1,
      }),
    );
    await poll();
    if ((output.Items ?? []).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** The API's side: every search result seen exists, every acknowledged publish is found by search. */
async function apiFindings(client: Client, world: World, ledger: readonly LedgerEntry[]): Promise<ApiFindings> {
  const searchResultsMissing: string[] = [];
  for (const id of world.searchResults) {
    const answer = await client.send('GET', `/api/v1/content/${id}`, { persona: 'editor' });
    if (answer.status === 404) searchResultsMissing.push(id);
  }
  const publishedNotFound: string[] = [];
  const published = new Set(
    ledger.flatMap((entry) =>
      entry.outcome === 'acknowledged' && entry.expect.kind === 'publish' ? [entry.expect.id] : [],
    ),
  );
  for (const item of world.soakContent.filter((content) => published.has(content.id))) {
    const answer = await client.send('POST', '/api/v1/search/content', {
      json: { text: item.name, limit: PAGE.searchMax },
    });
    const ids = ((answer.body as { items?: { id: string }[] } | null)?.items ?? []).map((hit) => hit.id);
    if (!ids.includes(item.id)) publishedNotFound.push(item.id);
  }
  return { searchResultsMissing, publishedNotFound };
}

/** Reads the whole table, both buckets and their open multipart uploads through the SDK. */
async function readStore(dynamodb: DynamoDBClient, s3: S3Client, inbox: InboxEmail[]): Promise<StoreSnapshot> {
  const items: TableItem[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({ TableName: process.env[TABLE.nameEnv] ?? TABLE.localName, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) items.push(unmarshall(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const objects: StoredObject[] = [];
  const openMultipartUploads: { bucket: string; key: string }[] = [];
  for (const role of ['private', 'public'] as const) {
    const bucket = process.env[BUCKETS[role].nameEnv] ?? BUCKETS[role].localName;
    let marker: string | undefined;
    for (;;) {
      const page = await s3.send(new ListObjectsCommand({ Bucket: bucket, Marker: marker }));
      for (const object of page.Contents ?? []) if (object.Key) objects.push({ bucket: role, key: object.Key });
      if (!page.IsTruncated) break;
      marker = page.NextMarker ?? page.Contents?.at(-1)?.Key;
    }
    const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    for (const upload of uploads.Uploads ?? []) openMultipartUploads.push({ bucket: role, key: upload.Key ?? '' });
  }
  return { items, objects, openMultipartUploads, inbox, nowSeconds: Math.floor(Date.now() / 1000) };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(`soak: ${error.message}`);
      console.error(USAGE);
    } else {
      console.error(`soak: failed: ${(error as Error).message}`);
    }
    process.exit(2);
  },
);
