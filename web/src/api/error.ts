/** The error every API call throws, carrying the server's stable code. */
import type { ErrorBody, ErrorCode } from './wire';

/** `network` is the client's own code: the request never got an answer. */
export type ApiErrorCode = ErrorCode | 'network';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: Record<string, unknown>;

  constructor(status: number, code: ApiErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** A string list in `details` (`problems`, `paths`), or [] when absent. */
  detailList(name: string): string[] {
    const value = this.details[name];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  }

  /** Builds the error from a failed response; bodies that are not Quire's JSON keep their text. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text();
    const body = parseErrorBody(text);
    if (body !== null) return new ApiError(response.status, body.code, body.message, body.details ?? {});
    return new ApiError(response.status, codeForStatus(response.status), text || response.statusText);
  }
}

/** Quire's error body `{ code, message, details? }` in `text`; null for any other text. */
export function parseErrorBody(text: string): ErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'code' in value && 'message' in value) {
      return value as ErrorBody;
    }
  } catch {
    // Not JSON: a proxy or the plain-text Keystatic routes answered.
  }
  return null;
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'invalid_content';
    default:
      return 'internal';
  }
}
