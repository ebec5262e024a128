// Each user's items of each resource under one partition key (api/table.ts), versioned for conditional writes.
import { randomUUID } from 'node:crypto';
import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Fields } from './resource.ts';
import { TABLE_KEYS } from './table.ts';

export interface Owner {
  readonly resource: string;
  readonly sub: string;
}

export interface StoredItem {
  readonly id: string;
  readonly version: number;
  readonly updatedAt: string;
  readonly fields: Fields;
}

interface Row {
  pk: string;
  sk: string;
  version: number;
  updatedAt: string;
  fields: Fields;
}

const BATCH_WRITE_MAX = 25;

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

const itemOf = (row: Row): StoredItem => ({
  id: row.sk,
  version: row.version,
  updatedAt: row.updatedAt,
  fields: row.fields,
});

export function itemStore(documents: DynamoDBDocumentClient, tableName: string) {
  const partition = ({ resource, sub }: Owner) => `${resource}#${sub}`;
  const key = (owner: Owner, id: string) => ({ pk: partition(owner), sk: id });
  const row = (owner: Owner, id: string, version: number, fields: Fields, at: number): Row => ({
    ...key(owner, id),
    version,
    updatedAt: new Date(at).toISOString(),
    fields,
  });

  return {
    /** Every item of the owner (a Query, page by page), read after every write that came before. */
    async all(owner: Owner): Promise<StoredItem[]> {
      const items: StoredItem[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': TABLE_KEYS.partition },
            ExpressionAttributeValues: { ':pk': partition(owner) },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...((page.Items ?? []) as Row[]).map(itemOf));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },

    async get(owner: Owner, id: string): Promise<StoredItem | undefined> {
      const { Item } = await documents.send(
        new GetCommand({ TableName: tableName, Key: key(owner, id), ConsistentRead: true }),
      );
      return Item && itemOf(Item as Row);
    },

    async create(owner: Owner, fields: Fields, at: number): Promise<StoredItem> {
      const created = row(owner, randomUUID(), 1, fields, at);
      await documents.send(
        new PutCommand({
          TableName: tableName,
          Item: created,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': TABLE_KEYS.partition },
        }),
      );
      return itemOf(created);
    },

    /** Writes a new version only if the stored one is still `version`: `null` when another write came first. */
    async replace(owner: Owner, id: string, version: number, fields: Fields, at: number) {
      const replaced = row(owner, id, version + 1, fields, at);
      try {
        await documents.send(
          new PutCommand({
            TableName: tableName,
            Item: replaced,
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': version },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return null;
        throw error;
      }
      return itemOf(replaced);
    },

    async remove(owner: Owner, id: string, version?: number): Promise<boolean> {
      try {
        await documents.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key(owner, id),
            ConditionExpression:
              version === undefined ? 'attribute_exists(#pk)' : 'attribute_exists(#pk) AND #version = :version',
            ExpressionAttributeNames: {
              '#pk': TABLE_KEYS.partition,
              ...(version === undefined ? {} : { '#version': 'version' }),
            },
            ...(version === undefined ? {} : { ExpressionAttributeValues: { ':version': version } }),
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
      return true;
    },

    async seed(owner: Owner, list: readonly Fields[], at: number): Promise<void> {
      const rows = list.map((fields, index) => row(owner, randomUUID(), 1, { ...fields }, at - index * 60_000));
      for (let start = 0; start < rows.length; start += BATCH_WRITE_MAX) {
        let requests: Record<string, unknown>[] | undefined = rows
          .slice(start, start + BATCH_WRITE_MAX)
          .map((item) => ({ PutRequest: { Item: item } }));
        while (requests && requests.length > 0) {
          const answer: { UnprocessedItems?: Record<string, Record<string, unknown>[]> } = await documents.send(
            new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
          );
          requests = answer.UnprocessedItems?.[tableName];
        }
      }
    },
  };
}
