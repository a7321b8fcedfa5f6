import Big from 'big.js';
import { startPlatform, type E2ePlatform } from '../harness';
import { disputesClient, type DisputesClient } from '../clients';

/**
 * Payment disputes on card payins (decisions D8), over HTTP: the sandbox disputes a card payin
 * whose amount ends `.55` one step after it is credited and holds its amount; evidence moves it
 * to `under_review`, and one step later it is `won` (the hold is released) or, when the evidence
 * says `LOSE`, `lost` (the hold is debited). Each change is a `dispute_status_changed` event.
 */
describe('compliance: payment disputes', () => {
  let platform: E2ePlatform;
  let api: DisputesClient;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'disputes', settings: { SANDBOX_STEP_MS: '50' } });
    api = disputesClient(platform.environments.test);
  });
  afterAll(async () => platform.close());

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  const plus = (a: string, b: string) => new Big(a).plus(b).toFixed(2);

  /** An account with a `.55` card payin and its open dispute, and its USD balance before. */
  async function disputed(label: string) {
    const account = await api.account(label);
    const before = await api.balanceOf(account, 'USD');
    const payin_id = await api.creditedCardPayin(account, '25.55');
    const dispute = await api.awaitDisputeOf(account, payin_id);
    return { account, before, payin_id, dispute };
  }

  it('opens a dispute on a .55 card payin and holds its amount', async () => {
    const { account, before, payin_id, dispute } = await disputed('dispute-open');
    expect(dispute).toEqual({
      dispute_id: expect.any(String),
      payin_id,
      amount: '25.55',
      currency: 'USD',
      reason: expect.any(String),
      status: 'needs_response',
      respond_by: expect.any(String),
      evidence: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(dispute.respond_by).getTime()).toBeGreaterThan(Date.now());
    expect((await api.get(account, dispute.dispute_id)).body).toEqual(dispute);
    expect(await api.balanceOf(account, 'USD')).toEqual({
      available: before.available,
      held: plus(before.held, '25.55'),
    });
  });

  it('does not dispute a card payin of another amount', async () => {
    const account = await api.account('dispute-none');
    await api.creditedCardPayin(account, '25.50');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await api.list(account)).body).toMatchObject({ disputes: [] });
  });

  it('takes evidence, is won one step later and releases the hold', async () => {
    const { account, before, dispute } = await disputed('dispute-won');
    const answered = await api.submitEvidence(account, dispute.dispute_id, {
      text: 'signed delivery receipt attached',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'under_review',
      evidence: { text: 'signed delivery receipt attached', submitted_at: expect.any(String) },
    });
    const again = await api.submitEvidence(account, dispute.dispute_id, { text: 'more' });
    expect([again.status, again.body.error]).toEqual([409, 'dispute_not_awaiting_response']);
    await api.awaitDispute(account, dispute.dispute_id, (d) => d.status === 'won');
    const expected = { available: plus(before.available, '25.55'), held: before.held };
    await api.eventually(
      () => api.balanceOf(account, 'USD'),
      (balance) => balance.available === expected.available && balance.held === expected.held,
    );
    const events = await api.statusEvents(account, dispute.dispute_id, 3);
    expect(events.map((event) => event.data.status)).toEqual([
      'needs_response',
      'under_review',
      'won',
    ]);
    expect(events[0]).toEqual({
      type: 'dispute_status_changed',
      data: expect.objectContaining({
        dispute_id: dispute.dispute_id,
        payin_id: dispute.payin_id,
        status: 'needs_response',
        amount: '25.55',
      }),
    });
  });

  it('takes evidence with files as multipart, downloads them back, and is won', async () => {
    const { account, dispute } = await disputed('dispute-files');
    const answered = await api.submitEvidenceFiles(account, dispute.dispute_id, {
      text: 'signed receipt and photo of the parcel',
      files: [
        { bytes: PDF, filename: 'receipt.pdf', type: 'application/pdf' },
        { bytes: PNG, filename: 'parcel.pdf', type: 'application/pdf' },
      ],
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'under_review',
      evidence: {
        text: 'signed receipt and photo of the parcel',
        files: [
          { filename: 'receipt.pdf', content_type: 'application/pdf', size_bytes: PDF.length },
          { filename: 'parcel.pdf', content_type: 'image/png', size_bytes: PNG.length },
        ],
        submitted_at: expect.any(String),
      },
    });
    const files = answered.body.evidence!.files;
    expect((await api.get(account, dispute.dispute_id)).body.evidence?.files).toEqual(files);
    for (const [file, bytes] of [
      [files[0]!, PDF],
      [files[1]!, PNG],
    ] as const) {
      const download = await api.download(account, dispute.dispute_id, file.file_id);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(file.content_type);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${file.filename}"; filename*=UTF-8''${file.filename}`,
      );
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    }
    // Another account reaches neither the dispute's files nor an unknown one.
    const other = await api.account('dispute-files-other');
    const stolen = await api.download(other, dispute.dispute_id, files[0]!.file_id);
    expect([stolen.status, await stolen.json()]).toEqual([
      404,
      { error: 'not_found', message: expect.any(String), request_id: expect.any(String) },
    ]);
    const unknown = await api.download(
      account,
      dispute.dispute_id,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    await api.awaitDispute(account, dispute.dispute_id, (d) => d.status === 'won');
  });

  it('refuses bad evidence files and changes nothing', async () => {
    const { account, dispute } = await disputed('dispute-bad-files');
    const refusals: [number, string, Parameters<typeof api.submitEvidenceFiles>[2]][] = [
      [
        415,
        'unsupported_file_type',
        {
          text: 'see attached',
          files: [
            { bytes: PDF, filename: 'receipt.pdf' },
            { bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), filename: 'x.pdf' },
          ],
        },
      ],
      [
        400,
        'empty_file',
        { text: 'see attached', files: [{ bytes: Buffer.alloc(0), filename: 'a.pdf' }] },
      ],
      [400, 'invalid_request', { text: 'no files', files: [] }],
      [400, 'invalid_request', { files: [{ bytes: PDF, filename: 'receipt.pdf' }] }],
      [400, 'invalid_evidence', { text: '  ', files: [{ bytes: PDF, filename: 'receipt.pdf' }] }],
      [
        422,
        'file_limit_reached',
        {
          text: 'six files',
          files: Array.from({ length: 6 }, (_, index) => ({
            bytes: PDF,
            filename: `${index}.pdf`,
          })),
        },
      ],
      [
        413,
        'file_too_large',
        {
          text: 'too big',
          files: [{ bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), filename: 'big.txt' }],
        },
      ],
    ];
    for (const [status, error, evidence] of refusals) {
      const answered = await api.submitEvidenceFiles(account, dispute.dispute_id, evidence);
      expect([answered.status, answered.body]).toEqual([
        status,
        { error, message: expect.any(String), request_id: expect.any(String) },
      ]);
    }
    const unchanged = (await api.get(account, dispute.dispute_id)).body;
    expect(unchanged).toMatchObject({ status: 'needs_response', evidence: null });
  });

  it('documents evidence as JSON or multipart, and the download as binary', async () => {
    const response = await fetch(`${platform.environments.test.base_url}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, any> };
    const evidence = document.paths['/v1/disputes/{id}/evidence'].post.requestBody.content;
    expect(Object.keys(evidence).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(evidence['application/json'].schema.required).toEqual(['text']);
    expect(evidence['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'array',
      items: { type: 'string', contentMediaType: 'application/octet-stream' },
      maxItems: 5,
    });
    const download = document.paths['/v1/disputes/{id}/files/{file_id}'].get.responses['200'];
    expect(download.content['application/pdf'].schema).toMatchObject({ type: 'string' });
    expect(download.content['image/png'].schema.contentMediaType).toBe('application/octet-stream');
  });

  it('is lost when the evidence says LOSE, and debits the hold', async () => {
    const { account, before, dispute } = await disputed('dispute-lost');
    const answered = await api.submitEvidence(account, dispute.dispute_id, {
      text: 'we LOSE this one',
    });
    expect(answered.body.status).toBe('under_review');
    await api.awaitDispute(account, dispute.dispute_id, (d) => d.status === 'lost');
    await api.eventually(
      () => api.balanceOf(account, 'USD'),
      (balance) => balance.available === before.available && balance.held === before.held,
    );
    const events = await api.statusEvents(account, dispute.dispute_id, 3);
    expect(events.map((event) => event.data.status)).toEqual([
      'needs_response',
      'under_review',
      'lost',
    ]);
  });

  it("answers 404 for another account's dispute and changes nothing", async () => {
    const { account, dispute } = await disputed('dispute-owner');
    const other = await api.account('dispute-other');
    const read = await api.get(other, dispute.dispute_id);
    expect([read.status, read.body]).toEqual([
      404,
      { error: 'not_found', message: expect.any(String), request_id: expect.any(String) },
    ]);
    const answered = await api.submitEvidence(other, dispute.dispute_id, { text: 'mine' });
    expect([answered.status, answered.body.error]).toEqual([404, 'not_found']);
    expect((await api.list(other)).body).toMatchObject({ disputes: [] });
    expect((await api.get(account, dispute.dispute_id)).body.status).toBe('needs_response');
  });

  it.each([
    ['blank text', 400, 'invalid_evidence', { text: '   ' }],
    ['text over 10,000 characters', 400, 'invalid_evidence', { text: 'x'.repeat(10_001) }],
    ['no text', 400, 'invalid_request', {}],
    ['a number as text', 400, 'invalid_request', { text: 5 }],
  ])('refuses evidence with %s: %i %s', async (_case, status, error, body) => {
    const { account, dispute } = await disputed('dispute-bad');
    const answered = await api.submitEvidence(account, dispute.dispute_id, body);
    expect([answered.status, answered.body]).toEqual([
      status,
      { error, message: expect.any(String), request_id: expect.any(String) },
    ]);
    expect((await api.get(account, dispute.dispute_id)).body.status).toBe('needs_response');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const account = await api.account('dispute-unknown');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api.get(account, id)).body).toEqual({
        error: 'not_found',
        message: expect.any(String),
        request_id: expect.any(String),
      });
    }
    // An oversized id is refused at the edge; never a server error.
    expect((await api.get(account, 'x'.repeat(300))).status).toBe(400);
  });
});
