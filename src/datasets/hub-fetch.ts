// The `fetch` handed to @huggingface/hub: turns the Hub's access answers into one-line JarvisErrors.
//
//   hubFetch(ctx: HubFetchContext): typeof fetch
//
// The client's own errors say "Api error with status 401. URL: …", which does not tell a user what to do.
// The real Hub answers 401 with X-Error-Code: RepoNotFound for a missing (or private) repo when no token is
// sent, and 401/403 with GatedRepo for a gated one, so the header decides, not only the status. Network
// failures (connection refused, DNS) name the endpoint and the two variables that change it. No message
// contains the token.
import { JarvisError } from '../core/errors.ts'

export interface HubFetchContext {
  endpoint: string
  repo: string
  /** The revision the user asked for (a branch, refs/convert/parquet or a sha), for messages. */
  revision: string
  hasToken: boolean
}

export function hubFetch(ctx: HubFetchContext): typeof fetch {
  const page = `${ctx.endpoint}/datasets/${ctx.repo}`
  return async (input, init) => {
    let res: Response
    try {
      res = await fetch(input, init)
    } catch (e) {
      if (init?.signal?.aborted) throw e
      const cause = (e as { cause?: { code?: string; message?: string } }).cause
      const why = cause?.code ?? cause?.message ?? (e as Error).message
      throw new JarvisError(
        'JARVIS_DATASET',
        `Cannot reach the Hugging Face Hub at ${ctx.endpoint} to load ${ctx.repo} (${why}). Check the network or HF_ENDPOINT, or set HF_HUB_OFFLINE=1 to use only the local cache.`,
      )
    }
    const code = res.headers.get('x-error-code')
    if (code === 'RepoNotFound' && (res.status === 401 || res.status === 404)) {
      const tokenHint = ctx.hasToken ? 'check the repo id (and that your HF_TOKEN can see it if it is private)' : 'check the repo id, or set HF_TOKEN if it is private'
      throw new JarvisError('JARVIS_DATASET', `Dataset ${ctx.repo} was not found on ${ctx.endpoint} (${res.status}): ${tokenHint}.`)
    }
    if (res.status === 401 || res.status === 403) {
      const sent = ctx.hasToken ? 'with your HF_TOKEN, which has no access yet' : 'without a token'
      throw new JarvisError(
        'JARVIS_GATED_DATASET',
        `Dataset ${ctx.repo} is gated: the Hub refused access ${sent} (${res.status}). Accept its terms at ${page} and set HF_TOKEN to a token of that account.`,
      )
    }
    if (res.status === 404 && code === 'RevisionNotFound') {
      const fix = ctx.revision === 'refs/convert/parquet' ? 'the Hub has no parquet conversion of it; read its files directly (files: [...])' : 'check the revision (a branch, tag or commit sha)'
      throw new JarvisError('JARVIS_DATASET', `Dataset ${ctx.repo} has no revision "${ctx.revision}" on ${ctx.endpoint}: ${fix}.`)
    }
    return res
  }
}
