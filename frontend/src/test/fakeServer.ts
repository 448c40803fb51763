// A fake Hearth server behind the one HTTP client (lib/api/client.ts): render tests replace `fetch`, the
// client's only way out, so every call still goes through the real client (Sign, envelope, catalogue,
// toasts) and the test says what the server answers and reads what the screen sent.
import { vi } from 'vitest';

/** One request as the server would see it, the `/api` prefix and `?t=` taken off. */
export interface FakeCall {
  method: string;
  /** The path as the client's callers name it: `/care/medication/logPass`. */
  path: string;
  query: Record<string, string>;
  /** The JSON body, or for a multipart or form-encoded call its fields (a file as its File). */
  body: unknown;
  headers: Record<string, string>;
}

/** An envelope with a code other than 0000: the server refused the call. */
export interface Refusal {
  readonly refusal: true;
  code: string;
  message: string;
  data: unknown;
  httpStatus: number;
}

/** The server refuses with an envelope code (HTTP 200, as the product's business errors come). */
export function refuse(code: string, message: string, data: unknown = null, httpStatus = 200): Refusal {
  return { refusal: true, code, message, data, httpStatus };
}

/** A 4022 naming fields, as the server's validation answers (`[{field, rule, message}]`). */
export function invalid(fields: Record<string, string>, message = 'Validation failed'): Refusal {
  return refuse(
    '4022',
    message,
    Object.entries(fields).map(([field, msg]) => ({ field, rule: 'rule', message: msg })),
  );
}

/**
 * What a route answers: the envelope's data, a refusal, or a function of the call giving either; a `Response`
 * goes out as it is (a file download: `csvFile`).
 */
export type Answer = unknown | Refusal | ((call: FakeCall) => unknown | Refusal | Promise<unknown | Refusal>);

function isRefusal(v: unknown): v is Refusal {
  return typeof v === 'object' && v !== null && (v as Refusal).refusal === true;
}

function fieldsOf(form: FormData | URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    const value = typeof v === 'string' && k === 'data' ? tryJSON(v) : v;
    if (k in out) out[k] = ([] as unknown[]).concat(out[k], value);
    else out[k] = value;
  }
  return out;
}

function tryJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class FakeServer {
  private routes = new Map<string, Answer>();
  /** Every call the screen made, oldest first. */
  readonly calls: FakeCall[] = [];
  /** Calls no route answered: the test fails with them (a screen called something the test did not expect). */
  readonly unanswered: string[] = [];

  /**
   * Answers `method path` from now on (a later `on` for the same route replaces the earlier one): with data,
   * a refusal, or a function of the call giving either.
   */
  on(method: 'GET' | 'POST', path: string, answer: (call: FakeCall) => unknown): this;
  on(method: 'GET' | 'POST', path: string, answer: unknown): this;
  on(method: 'GET' | 'POST', path: string, answer: Answer): this {
    this.routes.set(`${method} ${path}`, answer);
    return this;
  }

  /** The calls made to one path (any method), oldest first. */
  callsTo(path: string): FakeCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  /** The body of the latest call to path; fails when there was none. */
  lastBody<T = Record<string, unknown>>(path: string): T {
    const calls = this.callsTo(path);
    if (calls.length === 0) throw new Error(`no call to ${path}; calls: ${this.calls.map((c) => c.path).join(', ')}`);
    return calls[calls.length - 1].body as T;
  }

  /** The fetch the client calls. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://hearth.test');
    const path = url.pathname.replace(/^\/api/, '');
    const query: Record<string, string> = {};
    url.searchParams.forEach((v, k) => {
      if (k !== 't') query[k] = v;
    });
    const method = init.method ?? 'GET';
    const raw = init.body;
    const body =
      raw instanceof FormData || raw instanceof URLSearchParams ? fieldsOf(raw) : typeof raw === 'string' ? tryJSON(raw) : undefined;
    const call: FakeCall = { method, path, query, body, headers: { ...(init.headers as Record<string, string>) } };
    this.calls.push(call);
    const route = this.routes.get(`${method} ${path}`);
    if (route === undefined) {
      this.unanswered.push(`${method} ${path}`);
      return envelope(404, { code: '4004', message: `fake server: no answer for ${method} ${path}`, data: null });
    }
    const answer = typeof route === 'function' ? await (route as (c: FakeCall) => unknown)(call) : route;
    if (answer instanceof Response) return answer;
    if (isRefusal(answer)) return envelope(answer.httpStatus, { code: answer.code, message: answer.message, data: answer.data });
    return envelope(200, { code: '0000', message: '', data: answer ?? null });
  };
}

function envelope(status: number, body: { code: string; message: string; data: unknown }): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A CSV download as a file route answers it: the bytes, named by Content-Disposition. */
export function csvFile(fileName: string, text: string): Response {
  return new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });
}

/** A fake server installed as `fetch` for the current test (vitest unstubs globals after each test). */
export function installFakeServer(): FakeServer {
  const server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
