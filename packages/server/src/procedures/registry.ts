import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { PrivilegeAction } from '../http/auth-guard';

export interface ProcedureResult<D = unknown> {
  data: D;
  totalCount?: number;
}

/**
 * A named server function reachable as `DataRepository/procedure/{name}` (signed in) and, when
 * `public`, also as `PublicDataRepository/procedure/{name}`. Clients pick a name and a body; never SQL.
 */
export interface Procedure<S extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  public: boolean;
  /** Required on top of a signed-in session. */
  privilege?: { screen: string; action: PrivilegeAction };
  input: S;
  /** What it answers (the envelope's `data`): the API document describes it, `run` must answer it. */
  output: O;
  run(ctx: AppContext, input: z.infer<S>, request: FastifyRequest): Promise<ProcedureResult<z.output<O>>>;
}

export const defineProcedure = <S extends z.ZodType, O extends z.ZodType>(procedure: Procedure<S, O>): Procedure =>
  procedure as unknown as Procedure;

export class ProcedureRegistry {
  private readonly byName = new Map<string, Procedure>();

  add(...procedures: Procedure[]): this {
    for (const procedure of procedures) {
      const key = procedure.name.toLowerCase();
      if (this.byName.has(key)) throw new Error(`Procedure ${procedure.name} is registered twice`);
      this.byName.set(key, procedure);
    }
    return this;
  }

  /** Names are matched case-insensitively, like every address of the API. */
  find(name: string): Procedure | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** Every registered procedure's name. */
  names(): string[] {
    return [...this.byName.values()].map((procedure) => procedure.name);
  }
}
