// The time check of issue #8: the app compares the server's UTC hour with the local clock.
Deno.serve(() =>
  new Response(JSON.stringify({ utc: new Date().toISOString() }), {
    headers: { 'Content-Type': 'application/json' },
  }),
);
