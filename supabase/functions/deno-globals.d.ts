// The part of Deno's global the functions use, for this project's type check only: Deno deploys a
// function from its index.ts, which never imports this file. It is also all the embedded backend
// provides (supabase/embedded/functions.ts).
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): void;
  const env: { get(name: string): string | undefined };
}
