/** Every API answer (DESIGN.md "Contracts"): the HTTP status equals resultCode. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiEnvelope<T = unknown> {
  resultCode: number;
  message: string;
  data: T;
  totalCount?: number;
  /** Set when more rows matched than a fetch counts (10,000): totalCount is then a lower bound. */
  totalCountCapped?: boolean;
  errors?: FieldError[];
}
