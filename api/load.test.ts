// @vitest-environment node
// Under load, nothing lost: the handler on dynalite with many requests at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titledResource } from './resource.ts';
import { startTestApi } from './test-api.ts';

let test: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  test = await startTestApi({ resources: { notes: titledResource() } });
});
afterAll(() => test?.close());

describe('the handler under load', () => {
  it('50 simultaneous PUTs with the same If-Match: one 200, 49 412s, and the version moves by one', async () => {
    const caller = test.newCaller();
    const created = await test.call('/notes', caller, { method: 'POST', body: { title: 'Contested' } });
    const { id } = created.body as { id: string };
    const etag = created.headers.etag!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        test.call(`/notes/${id}`, caller, {
          method: 'PUT',
          body: { title: `Writer ${index}` },
          headers: { 'if-match': etag },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(49);
    const winner = answers.find((answer) => answer.status === 200)!;
    const stored = await test.call(`/notes/${id}`, caller);
    expect(stored.body).toEqual(winner.body);
    expect(stored.headers.etag).toBe(winner.headers.etag);
    expect(Number(JSON.parse(stored.headers.etag!))).toBe(Number(JSON.parse(etag)) + 1);
  }, 30_000);

  it('1,000 list requests, 20 at a time, each a full and correct page', async () => {
    const caller = test.newCaller();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        test.call('/notes', caller, {
          method: 'POST',
          body: { title: `Note ${String(index).padStart(2, '0')}` },
        }),
      ),
    );
    const failures: string[] = [];
    let done = 0;
    const worker = async () => {
      while (done < 1000) {
        const page = (done % 2) + 1;
        done += 1;
        const answer = await test.call('/notes', caller, { query: `page=${page}` });
        const body = answer.body as { items: { title: string }[]; total: number };
        const first = body?.items?.[0]?.title;
        if (
          answer.status !== 200 ||
          body.total !== 12 ||
          first !== `Note ${String((page - 1) * 10).padStart(2, '0')}`
        ) {
          failures.push(`${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(done).toBe(1000);
    expect(failures).toEqual([]);
  }, 60_000);
});
