import {
  eventsClient,
  eventually,
  expectError,
  identityClient,
  json,
  payoutsClient,
  pix,
  reviewsClient,
  shifted,
  type PayoutBody,
  type ReviewBody,
  type ReviewerReviewBody,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/**
 * Firewall reviews from the client's side (decisions D8): a sandbox `.77` payout is held; the
 * account reads its review, attaches files and answers questions; reviewers (the operator and
 * organization admins) decide, two approvals by different reviewers releasing it.
 */
describe('firewall reviews', () => {
  let platform: E2ePlatform;
  const target = () => platform.environments.test;
  const payouts = payoutsClient(target);
  const reviews = reviewsClient(target);
  const events = eventsClient(target);
  const identity = identityClient(target);
  let admin_token = '';
  let key_counter = 0;
  const newKey = () => `reviews-${Date.now()}-${++key_counter}`;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'reviews', settings: { SANDBOX_STEP_MS: '40' } });
    admin_token = (await identity.newOrgAdmin('demo')).session.access_token;
  });
  afterAll(async () => platform.close());

  /** A funded account with a held payout: its review, payout and balance before it. */
  const held = async () => {
    const account = await payouts.register();
    const base = await payouts.balance(account);
    const created = await payouts.create(account, pix('5.77', { idempotency_key: newKey() }));
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ status: 'in_review', funds_debited: false });
    const review_id = created.body.review_id as string;
    return { account, base, payout_id: created.body.payout_id, review_id };
  };
  const decided = async (response: Response) => json<ReviewBody>(response, 200);
  const final = (payout: PayoutBody) => payout.status === 'completed' || payout.status === 'failed';

  it('shows the account its reviews, and nobody else', async () => {
    const { account, payout_id, review_id } = await held();
    const review = await reviews.read(account, review_id);
    expect(review).toEqual({
      review_id,
      operation: { kind: 'payout', id: payout_id },
      status: 'in_review',
      files: [],
      approvals: [],
      requested_info: [],
      created_at: expect.any(String),
    });
    const page = await json<{ page: number; reviews: ReviewBody[] }>(
      await reviews.list(account, '?page_size=5'),
      200,
    );
    expect(page.reviews.map((r) => r.review_id)).toEqual([review_id]);
    const stranger = await payouts.register();
    await expectError(await reviews.get(stranger, review_id), 404, 'not_found');
    await expectError(await reviews.get(account, 'not-a-review'), 404, 'not_found');
    await expectError(await reviews.list(account, '?page_size=abc'), 400, 'invalid_request');
  });

  it('releases on two approvals by different reviewers; the payout is debited then', async () => {
    const { account, base, payout_id, review_id } = await held();
    const first = await decided(
      await reviews.operatorDecision(review_id, { decision: 'approve', comment: 'looks fine' }),
    );
    expect(first.status).toBe('in_review');
    expect(first.approvals.map((a) => a.reviewer)).toEqual(['operator']);
    // The same reviewer approving again does not count twice.
    const again = await decided(await reviews.operatorDecision(review_id, { decision: 'approve' }));
    expect(again.approvals).toHaveLength(1);
    expect((await payouts.get(account, payout_id)).status).toBe('in_review');

    const second = await decided(
      await reviews.orgAdminDecision(admin_token, review_id, { decision: 'approve' }),
    );
    expect(second.status).toBe('released');
    expect(second.approvals.map((a) => a.reviewer)).toEqual(['operator', 'organization']);
    const done = await payouts.awaitPayout(account, payout_id, final);
    expect(done).toMatchObject({ status: 'completed', funds_debited: true });
    const expected = shifted(base, `-${done.total_debit}`);
    expect(await payouts.awaitBalance(account, expected)).toBe(expected);

    await expectError(
      await reviews.operatorDecision(review_id, { decision: 'reject' }),
      409,
      'already_decided',
    );
    // The operator's payout route agrees: the review is decided.
    const shortcut = await payouts.operator(
      'POST',
      `/admin/v1/payouts/${payout_id}/review/reject`,
      {},
    );
    expect(shortcut.status).toBe(409);

    const published = await eventually(
      () => events.listed(account.access_token, '?page_size=100'),
      (list) => list.some((event) => event.type === 'txn_review_status_changed'),
    );
    expect(
      published.filter((event) => event.type === 'txn_review_status_changed').map((e) => e.data),
    ).toEqual([
      { review_id, operation_kind: 'payout', operation_id: payout_id, status: 'released' },
    ]);
  });

  it('fails a rejected payout before any debit', async () => {
    const { account, base, payout_id, review_id } = await held();
    const rejected = await decided(
      await reviews.orgAdminDecision(admin_token, review_id, { decision: 'reject' }),
    );
    expect(rejected.status).toBe('rejected');
    expect(await payouts.awaitPayout(account, payout_id, final)).toMatchObject({
      status: 'failed',
      status_code: 'review_rejected',
      funds_debited: false,
      predebit_failure: true,
    });
    expect(await payouts.balance(account)).toBe(base);
    await expectError(
      await reviews.upload(account, review_id, { bytes: PDF, filename: 'late.pdf' }),
      409,
      'already_decided',
    );
  });

  it('asks for information and takes the answer only while awaiting it', async () => {
    const { account, review_id } = await held();
    await expectError(await reviews.answer(account, review_id, 'early'), 409, 'not_awaiting_info');
    await expectError(
      await reviews.operatorDecision(review_id, { decision: 'request_info' }),
      400,
      'invalid_request',
    );
    const asked = await decided(
      await reviews.operatorDecision(review_id, {
        decision: 'request_info',
        comment: 'What is this payment for?',
      }),
    );
    expect(asked.status).toBe('info_requested');
    const answered = await json<ReviewBody>(
      await reviews.answer(account, review_id, 'Rent for March'),
      200,
    );
    expect(answered.status).toBe('in_review');
    expect(answered.requested_info).toMatchObject([
      { question: 'What is this payment for?', answer: 'Rent for March' },
    ]);
    await expectError(await reviews.answer(account, review_id, 'again'), 409, 'not_awaiting_info');
    await expectError(
      await reviews.answer(await payouts.register(), review_id, 'not mine'),
      404,
      'not_found',
    );
  });

  it('takes files sniffed by content; a file clears a first approval', async () => {
    const { account, review_id } = await held();
    await decided(await reviews.operatorDecision(review_id, { decision: 'approve' }));
    const stored = await reviews.upload(account, review_id, {
      bytes: PNG,
      filename: 'invoice.pdf',
      type: 'application/pdf',
    });
    expect(await json(stored, 201)).toMatchObject({
      filename: 'invoice.pdf',
      content_type: 'image/png',
      size_bytes: PNG.length,
    });
    const review = await reviews.read(account, review_id);
    expect(review.approvals).toEqual([]);
    expect(review.files).toHaveLength(1);
    // The org admin's approval is now the first one again: still in review.
    const one = await decided(
      await reviews.orgAdminDecision(admin_token, review_id, { decision: 'approve' }),
    );
    expect(one).toMatchObject({ status: 'in_review', approvals: [{ reviewer: 'organization' }] });

    await expectError(
      await reviews.upload(account, review_id, {
        bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
        filename: 'x.pdf',
        type: 'application/pdf',
      }),
      415,
      'unsupported_file_type',
    );
    await expectError(
      await reviews.upload(account, review_id, { bytes: PDF, filename: 'a.pdf' }, 'document'),
      400,
      'invalid_request',
    );
    const not_multipart = await payouts.request('POST', `/v1/reviews/${review_id}/files`, {
      headers: account.headers,
      body: { file: 'x' },
    });
    await expectError(not_multipart, 400, 'invalid_request');
    await expectError(
      await reviews.upload(account, review_id, {
        bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 0x41),
        filename: 'big.txt',
      }),
      413,
      'file_too_large',
    );
    expect((await reviews.read(account, review_id)).files).toHaveLength(1);
  });

  it('takes at most 20 files a review', async () => {
    const { account, review_id } = await held();
    for (let index = 0; index < 20; index++) {
      const response = await reviews.upload(account, review_id, {
        bytes: `row,${index}\n`,
        filename: `part-${index}.csv`,
      });
      expect(response.status).toBe(201);
    }
    await expectError(
      await reviews.upload(account, review_id, { bytes: PDF, filename: 'one-more.pdf' }),
      422,
      'file_limit_reached',
    );
    const review = await reviews.read(account, review_id);
    expect(review.files).toHaveLength(20);
    expect(review.files[0]?.content_type).toBe('text/csv');
  });

  it("keeps another organization's admin out (404) and counts two admins of the account's", async () => {
    const { account, payout_id, review_id } = await held();
    const slug = `rev-${Date.now()}`;
    await identity.createOrganization(slug, 'Review Other Co');
    const outsider = (await identity.newOrgAdmin(slug)).session.access_token;
    await expectError(
      await reviews.orgAdminDecision(outsider, review_id, { decision: 'approve' }),
      404,
      'not_found',
    );
    const colleague = (await identity.newOrgAdmin('demo')).session.access_token;
    await decided(await reviews.orgAdminDecision(admin_token, review_id, { decision: 'approve' }));
    const released = await decided(
      await reviews.orgAdminDecision(colleague, review_id, { decision: 'approve' }),
    );
    expect(released.status).toBe('released');
    expect(await payouts.awaitPayout(account, payout_id, final)).toMatchObject({
      status: 'completed',
    });
  });

  it("lists an organization's queue by status for its admins, and every one for the operator", async () => {
    const first = await held();
    const second = await held();
    const asked = await held();
    await decided(
      await reviews.orgAdminDecision(admin_token, asked.review_id, {
        decision: 'request_info',
        comment: 'Which invoice?',
      }),
    );
    type Queue = { page: number; page_size: number; reviews: ReviewerReviewBody[] };
    const ids = (queue: Queue) => queue.reviews.map((review) => review.review_id);

    const in_review = await json<Queue>(
      await reviews.orgQueue(admin_token, '?status=in_review&page_size=100'),
      200,
    );
    expect(in_review).toMatchObject({ page: 1, page_size: 100 });
    expect(in_review.reviews.every((review) => review.status === 'in_review')).toBe(true);
    // Newest first: the second held payout's review before the first's.
    expect(ids(in_review).indexOf(second.review_id)).toBeGreaterThanOrEqual(0);
    expect(ids(in_review).indexOf(second.review_id)).toBeLessThan(
      ids(in_review).indexOf(first.review_id),
    );
    expect(ids(in_review)).not.toContain(asked.review_id);
    expect(in_review.reviews.find((review) => review.review_id === first.review_id)).toEqual({
      review_id: first.review_id,
      account_id: first.account.account_id,
      operation: { kind: 'payout', id: first.payout_id },
      status: 'in_review',
      files: [],
      approvals: [],
      requested_info: [],
      created_at: expect.any(String),
    });
    const waiting = await json<Queue>(
      await reviews.orgQueue(admin_token, '?status=info_requested&page_size=100'),
      200,
    );
    expect(ids(waiting)).toContain(asked.review_id);
    expect(waiting.reviews.every((review) => review.status === 'info_requested')).toBe(true);
    const one = await json<Queue>(await reviews.orgQueue(admin_token, '?page_size=1'), 200);
    expect(ids(one)).toEqual([asked.review_id]);
    expect(
      await json<ReviewerReviewBody>(await reviews.orgGet(admin_token, asked.review_id), 200),
    ).toMatchObject({
      review_id: asked.review_id,
      account_id: asked.account.account_id,
      status: 'info_requested',
      requested_info: [{ question: 'Which invoice?', answer: null }],
    });

    // Another organization's admin sees an empty queue and none of these reviews.
    const slug = `revq-${Date.now()}`;
    await identity.createOrganization(slug, 'Review Queue Other Co');
    const outsider = (await identity.newOrgAdmin(slug)).session.access_token;
    expect(await json<Queue>(await reviews.orgQueue(outsider), 200)).toEqual({
      page: 1,
      page_size: 20,
      has_more: false,
      reviews: [],
    });
    await expectError(await reviews.orgGet(outsider, first.review_id), 404, 'not_found');

    const everything = await json<Queue>(
      await reviews.operatorQueue('?status=info_requested&page_size=100'),
      200,
    );
    expect(ids(everything)).toContain(asked.review_id);
    expect(everything.reviews.every((review) => review.status === 'info_requested')).toBe(true);
    expect(
      await json<ReviewerReviewBody>(await reviews.operatorGet(second.review_id), 200),
    ).toMatchObject({ review_id: second.review_id, account_id: second.account.account_id });
    await expectError(await reviews.operatorGet('not-a-review'), 404, 'not_found');

    await expectError(
      await reviews.orgQueue(admin_token, '?status=pending'),
      400,
      'invalid_status',
    );
    await expectError(await reviews.operatorQueue('?status=approved'), 400, 'invalid_status');
    const client_call = await payouts.request('GET', '/v1/org/reviews', {
      headers: first.account.headers,
    });
    expect(client_call.status).toBe(403);
    // Reading changed nothing.
    expect((await reviews.read(first.account, first.review_id)).status).toBe('in_review');
  });

  it('downloads a file to its account, the organization admins and the operator only', async () => {
    const { account, review_id } = await held();
    const uploaded = await json<{ file_id: string; content_type: string }>(
      await reviews.upload(account, review_id, {
        bytes: PNG,
        filename: 'factura año.pdf',
        type: 'application/pdf',
      }),
      201,
    );
    const review = await reviews.read(account, review_id);
    expect(review.files).toMatchObject([
      { file_id: uploaded.file_id, filename: 'factura año.pdf', content_type: 'image/png' },
    ]);
    const expectFile = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="factura_a_o.pdf"; filename*=UTF-8''factura%20a%C3%B1o.pdf`,
      );
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    };
    await expectFile(await reviews.download(account, review_id, uploaded.file_id));
    await expectFile(await reviews.orgDownload(admin_token, review_id, uploaded.file_id));
    await expectFile(await reviews.operatorDownload(review_id, uploaded.file_id));

    const stranger = await payouts.register();
    await expectError(
      await reviews.download(stranger, review_id, uploaded.file_id),
      404,
      'not_found',
    );
    const slug = `revf-${Date.now()}`;
    await identity.createOrganization(slug, 'Review Files Other Co');
    const outsider = (await identity.newOrgAdmin(slug)).session.access_token;
    await expectError(
      await reviews.orgDownload(outsider, review_id, uploaded.file_id),
      404,
      'not_found',
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expectError(await reviews.download(account, review_id, unknown), 404, 'not_found');
    await expectError(await reviews.operatorDownload(review_id, unknown), 404, 'not_found');
    expect((await reviews.read(account, review_id)).files).toHaveLength(1);
  });

  it("documents the queue and the downloads, never the operator's routes", async () => {
    const response = await fetch(`${target().base_url}/openapi.json`);
    const { paths } = (await response.json()) as { paths: Record<string, any> };
    expect(paths['/v1/org/reviews'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['status', 'page', 'page_size']),
    );
    expect(paths['/v1/org/reviews/{id}'].get.responses['404']).toBeDefined();
    for (const path of [
      '/v1/reviews/{id}/files/{file_id}',
      '/v1/org/reviews/{id}/files/{file_id}',
    ]) {
      const content = paths[path].get.responses['200'].content;
      expect(content['application/pdf'].schema.contentMediaType).toBe('application/octet-stream');
    }
    expect(Object.keys(paths).filter((path) => path.startsWith('/admin'))).toEqual([]);
  });

  it('needs a reviewer: a client gets 403, no credential 401, an unknown decision 400', async () => {
    const { account, review_id } = await held();
    const refused = await payouts.request('POST', `/v1/org/reviews/${review_id}/decision`, {
      headers: account.headers,
      body: { decision: 'approve' },
    });
    expect(refused.status).toBe(403);
    const bare = await payouts.request('POST', `/admin/v1/reviews/${review_id}/decision`, {
      body: { decision: 'approve' },
    });
    expect(bare.status).toBe(401);
    await expectError(
      await reviews.operatorDecision(review_id, { decision: 'maybe' as 'approve' }),
      400,
      'invalid_request',
    );
  });
});
