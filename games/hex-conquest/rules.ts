// The rules live beside the match-move function, which checks two-player moves with them on the
// server: `supabase functions deploy --use-api` cannot bundle a file outside supabase/functions
// (supabase/cli#3467).
export * from '../../supabase/functions/_shared/hexConquest.ts';
