// Supabase Edge Function `audio-llamada` (Deno). Deploy: `supabase functions deploy audio-llamada`.
// The work is in handler.ts (plain TypeScript, also run in Node by the tests); this only serves it.
import { responderAudio } from './handler.ts';

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): unknown; env: { get(name: string): string | undefined } };

Deno.serve((req) =>
  responderAudio(req, {
    url: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    fetch,
  }),
);
