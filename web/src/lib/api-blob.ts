import { ApiError, errorFromResponse, NO_RESPONSE_MESSAGE, reportFailure, requestHeaders } from './api-client.ts';

/*
 * File answers of the API (issue 27 item 3), apart from api-client.ts: only a lazily
 * loaded screen downloads one, so this stays out of the SPA's first render.
 */

/**
 * GETs a file answer of the API (e.g. the CAE worksheet, issue 27 item 3) as a Blob,
 * with the reader's token as `Authorization: Bearer` (a plain link would go without
 * it). Throws `ApiError` for a non-2xx answer or no answer; an abort rethrows.
 */
export async function apiGetBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { ...requestHeaders(false), Accept: '*/*' },
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    reportFailure(url, 'GET', 0, NO_RESPONSE_MESSAGE);
    throw new ApiError(0, NO_RESPONSE_MESSAGE, [], { cause });
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status >= 500) reportFailure(url, 'GET', response.status, error.message);
    throw error;
  }
  return response.blob();
}
