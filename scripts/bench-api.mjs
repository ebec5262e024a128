// `npm run bench:api [-- --requests=1000 --concurrency=20]`: the product API's handler on dynalite, as `npm start` runs
// it: requests per second, p50/p99 and CPU per request for list, get and put, with the machine's load.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadLocalApi } from './local-provider/load-api.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    items: { type: 'string', default: '100' },
  },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
const ITEMS = Number(values.items);
const CLIENT = 'bench';
const caller = { sub: 'bench-user', client_id: CLIENT, token_use: 'access' };

const event = (method, path, { query = '', body, headers = {} } = {}) => ({
  rawPath: path,
  rawQueryString: query,
  headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  requestContext: { domainName: 'bench.test', http: { method }, authorizer: { jwt: { claims: caller } } },
});

async function measure(name, expected, makeEvent) {
  const latencies = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const worker = async (lane) => {
    while (next < REQUESTS) {
      const index = next;
      next += 1;
      const sent = performance.now();
      const answer = await api.handle(makeEvent(index, lane));
      latencies.push(performance.now() - sent);
      if (answer.statusCode !== expected) throw new Error(`${name}: ${answer.statusCode} ${answer.body}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => worker(lane)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(1);
  const cpuPerRequest = ((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2);
  console.log(
    `${name.padEnd(5)} ${String(Math.round(REQUESTS / seconds)).padStart(6)} req/s   p50 ${at(0.5).padStart(7)} ms   ` +
      `p99 ${at(0.99).padStart(7)} ms   CPU ${cpuPerRequest} ms/request`,
  );
}

const { startLocalApi, titledResource } = await loadLocalApi();
const api = await startLocalApi({ resources: { notes: titledResource() }, clientIds: [CLIENT] });
try {
  const ids = [];
  for (let index = 0; index < ITEMS; index += 1) {
    const created = await api.handle(
      event('POST', '/notes', { body: { title: `Note ${index}`, description: 'x'.repeat(200) } }),
    );
    ids.push(JSON.parse(created.body).id);
  }
  console.log(
    `The handler on in-memory dynalite, one user with ${ITEMS} items: ${REQUESTS} requests per operation, ` +
      `${CONCURRENCY} at a time (Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(1)})`,
  );
  await measure('list', 200, (index) => event('GET', '/notes', { query: `page=${(index % 10) + 1}` }));
  await measure('get', 200, (index) => event('GET', `/notes/${ids[index % ITEMS]}`));
  await measure('put', 200, (index, lane) =>
    event('PUT', `/notes/${ids[lane % ITEMS]}`, { body: { title: `Saved ${index}` }, headers: { 'if-match': '*' } }),
  );
} finally {
  await api.close();
}
