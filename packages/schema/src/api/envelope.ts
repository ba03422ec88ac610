/** Every API answer: the HTTP status equals resultCode. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiEnvelope<T = unknown> {
  resultCode: number;
  message: string;
  data: T;
  totalCount?: number;
  /** Set when more rows matched than a fetch counts (1,000): totalCount is then a lower bound. */
  totalCountCapped?: boolean;
  errors?: FieldError[];
  /** On an error: the request's id, also its `X-Request-Id` header and its log lines' `reqId`. */
  requestId?: string;
}

/** `changes` of an audit log row: the changed fields' values before and after the write (secrets masked). */
export interface AuditChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
