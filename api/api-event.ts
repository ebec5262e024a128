// What the handler reads of an API Gateway HTTP API event (payload 2.0); the local provider builds the same.

export interface ApiEvent {
  /** As the client sent it, still percent-encoded: `/notes/{id}`. */
  readonly rawPath: string;
  readonly rawQueryString?: string;
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
  readonly requestContext: {
    readonly domainName?: string;
    readonly http: { readonly method: string };
    /** The claims of a token the JWT authorizer verified; the handler reads the caller from nothing else. */
    readonly authorizer?: { readonly jwt?: { readonly claims?: Readonly<Record<string, unknown>> } };
  };
}

export interface ApiResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export const headerOf = (event: ApiEvent, name: string): string => event.headers?.[name]?.trim() ?? '';
