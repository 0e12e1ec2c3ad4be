// The server's JSON API (see the README): one function per endpoint, each resolving to the
// answer's fields with `ok: true`, or to `{ok: false, status, error, column?}` (status 0 when the
// server could not be reached). The page's only way to apply, check, scramble or solve.

async function post(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, status: 0, error: `the server did not answer (${error.message})` };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: `${response.status} ${response.statusText}` };
  }
  if (!response.ok) {
    const retry = response.headers.get('Retry-After');
    const error = data.error ?? `${response.status} ${response.statusText}`;
    return {
      ok: false,
      status: response.status,
      error: retry ? `${error} (try again in ${retry} s)` : error,
      column: data.column,
    };
  }
  return { ok: true, ...data };
}

/** `{size, alg}` or `{state, alg}` → `{size, state, turns}`. */
export const apply = (body) => post('/api/apply', body);
/** `{state}` → `{valid, size, reason?}`. */
export const validate = (body) => post('/api/validate', body);
/** `{size, seed?}` → `{size, seed, alg, state}`. */
export const scramble = (body) => post('/api/scramble', body);
/** `{state, timeout_ms?}` → `{size, solution, stages, obtm, stm, time_ms, budget_ran_out}`. */
export const solve = (body) => post('/api/solve', body);
