// The Lambda function behind the HTTP API (infra/lib/api.ts): the resource handler over the stack's table.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createResourceApi } from './resource-api.ts';
import { RESOURCES } from './resources.ts';

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`The function needs ${name}`);
  return value;
}

const list = (name: string) => setting(name).split(',').filter(Boolean);

export const handler = createResourceApi({
  documents: DynamoDBDocumentClient.from(new DynamoDBClient({})),
  tableName: setting('TABLE_NAME'),
  resources: RESOURCES,
  allowedOrigins: list('ALLOWED_ORIGINS'),
  clientIds: list('CLIENT_IDS'),
});
