// The handler on this machine (npm start, the tests) over dynalite, in memory or in a folder that survives restarts.
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import type { ApiEvent } from './api-event.ts';
import { itemStore } from './item-store.ts';
import type { Fields, Resource } from './resource.ts';
import { createResourceApi } from './resource-api.ts';
import { RESOURCES } from './resources.ts';
import { TABLE_KEYS } from './table.ts';

const TABLE_NAME = 'snxt-items';

export interface LocalApiOptions {
  readonly dataDir?: string;
  readonly allowedOrigins?: readonly string[];
  readonly clientIds?: readonly string[];
  readonly baseUrl?: string;
  readonly resources?: Readonly<Record<string, Resource>>;
  readonly permissions?: Readonly<Record<string, readonly string[]>>;
  readonly now?: () => number;
  readonly logError?: (error: unknown) => void;
}

async function listen(server: ReturnType<typeof dynalite>): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function tableStatus(client: DynamoDBClient): Promise<string | null> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }))).Table?.TableStatus ?? null;
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

/** True when the table is new (a new folder, or memory). */
async function ensureTable(client: DynamoDBClient): Promise<boolean> {
  if ((await tableStatus(client)) !== null) return false;
  await client.send(
    new CreateTableCommand({
      TableName: TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: TABLE_KEYS.partition, AttributeType: 'S' },
        { AttributeName: TABLE_KEYS.sort, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
      ],
    }),
  );
  // dynalite makes a table active on a timer, which a busy machine runs late.
  while ((await tableStatus(client)) !== 'ACTIVE') await new Promise((resolve) => setTimeout(resolve, 5));
  return true;
}

export async function startLocalApi(options: LocalApiOptions = {}) {
  const { baseUrl } = options;
  // The SDK warns once per process that its releases after 2027-01 need Node 22; the Lambda runs Node 22.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const server = dynalite({ path: options.dataDir, createTableMs: 0 });
  const port = await listen(server);
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const documents = DynamoDBDocumentClient.from(client);
  const stop = async () => {
    client.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  let created: boolean;
  try {
    created = await ensureTable(client);
  } catch (error) {
    await stop();
    throw error;
  }
  const handle = createResourceApi({
    documents,
    tableName: TABLE_NAME,
    resources: options.resources ?? RESOURCES,
    allowedOrigins: options.allowedOrigins ?? [],
    clientIds: options.clientIds ?? [],
    ...(baseUrl === undefined ? {} : { baseUrlOf: () => baseUrl }),
    ...(options.permissions && { permissions: options.permissions }),
    ...(options.now && { now: options.now }),
    ...(options.logError && { logError: options.logError }),
  });
  const store = itemStore(documents, TABLE_NAME);
  return {
    handle: (event: ApiEvent) => handle(event),
    created,
    seed: (sub: string, resource: string, items: readonly Fields[]) =>
      store.seed({ resource, sub }, items, (options.now ?? Date.now)()),
    close: stop,
  };
}

export type LocalApi = Awaited<ReturnType<typeof startLocalApi>>;

export { titledResource } from './resource.ts';
