/**
 * Tills in a process of their own (`fork`ed by `bench/sales.ts`): each message is one round, the
 * sales of every till posted at the same moment over HTTP; the answer is each sale's time from send
 * to answer and the round's, from the first send to the last answer. In the bench's process the
 * tills' HTTP client ran on the server's one thread, a cost the floor (the database alone) leaves
 * out and a shop's tills, on machines of their own, never put on the server.
 */
export interface Round {
  url: string;
  sales: { authorization: string; body: unknown }[];
}

export interface SaleAnswer {
  elapsed: number;
  status: number;
  lines: number;
  /** The answer's start, when it was not a 200. */
  error?: string;
}

export interface RoundAnswer {
  answers: SaleAnswer[];
  wall: number;
}

async function post(url: string, authorization: string, body: unknown): Promise<SaleAnswer> {
  const started = performance.now();
  try {
    return await answerOf(started, url, authorization, body);
  } catch (error) {
    // No answer at all (the connection refused or cut): counted as an error, not a round that never ends.
    return { elapsed: performance.now() - started, status: 0, lines: 0, error: String(error) };
  }
}

async function answerOf(started: number, url: string, authorization: string, body: unknown): Promise<SaleAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: { lines?: unknown[] } };
  return {
    elapsed: performance.now() - started,
    status: response.status,
    lines: json.data?.lines?.length ?? 0,
    error: response.status === 200 ? undefined : JSON.stringify(json).slice(0, 300),
  };
}

process.on('message', (round: Round) => {
  const started = performance.now();
  void Promise.all(round.sales.map((sale) => post(round.url, sale.authorization, sale.body))).then((answers) =>
    process.send!({ answers, wall: performance.now() - started } satisfies RoundAnswer),
  );
});
