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
  errors?: FieldError[];
}
