/**
 * Server-side functions of the hosted project (Supabase Edge Functions), called as the signed-in operator
 * from the Node side. The embedded backend has none: what they would answer comes from its own tables.
 */
export interface FunctionsPort {
  /**
   * POSTs the body as JSON and returns the answer as the function sent it: parsed JSON, text, or bytes.
   * Throws AppError('not_found') for a 404 and AppError('unavailable') for any other failure.
   */
  invoke(name: string, body: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<unknown>;
}
