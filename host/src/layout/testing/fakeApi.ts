import { vi } from 'vitest';
import type { ApiClient } from '@sports/shared';

/** A canned answer: a value resolves, an Error rejects, a function is called with the body. */
export type FakeAnswer = unknown;

export interface FakeApiAnswers {
  get?: Record<string, FakeAnswer>;
  post?: Record<string, FakeAnswer>;
  /** `envelope()` calls by path: the whole envelope to answer (a function gets the request). */
  envelope?: Record<string, FakeAnswer>;
}

async function answer(method: string, path: string, table: Record<string, FakeAnswer> | undefined, input: unknown): Promise<unknown> {
  if (!table || !(path in table)) throw new Error(`no fake answer for ${method} ${path}`);
  const canned = table[path];
  if (canned instanceof Error) throw canned;
  return typeof canned === 'function' ? (canned as (input: unknown) => unknown)(input) : canned;
}

/** A small stand-in for the shared API client, for unit tests only (no HTTP at all). */
export function createFakeApi(answers: FakeApiAnswers = {}) {
  const get = vi.fn((path: string, params?: Record<string, unknown>) => answer('GET', path, answers.get, params));
  const post = vi.fn((path: string, body?: unknown) => answer('POST', path, answers.post, body));
  const request = vi.fn(() => Promise.reject(new Error('request() is not faked')));
  const envelope = vi.fn((config: { method: string; url: string }) =>
    answers.envelope && config.url in answers.envelope ? answer(config.method, config.url, answers.envelope, config) : Promise.reject(new Error('request() is not faked')),
  );
  const api: ApiClient = {
    get: get as ApiClient['get'],
    post: post as ApiClient['post'],
    request: request as ApiClient['request'],
    envelope: envelope as ApiClient['envelope'],
  };
  return { api, get, post, envelope };
}
