// match-move (issue 28): the one way a move of a two-player game (Chess, Tic Tac Toe, Hex Conquest)
// reaches the database. The caller's token says who moves; the game's rules
// (../_shared/matchMove.ts: chess.js for chess) judge the move; public.store_match_move, which only
// the service role may call, stores it after checking again, under the game's lock, whose turn it is,
// the ply, the game's status and the clock.
//
// Request: POST /functions/v1/match-move with the student's session (Authorization: Bearer <token>)
// and the JSON body
//   { "matchId": 42,          the game (public.invite_to_match's id)
//     "ply": 6,               how many moves the game had when this one was made: the move's place
//     "move": "e2e4",         chess in UCI ("e7e8q" promotes), Tic Tac Toe a cell "0".."8", Hex Conquest "from-to"
//     "mutationId": "<uuid>"  made by the device once per move: sent again, the move is not made twice }
// Answer 200, for the move just stored or for the same mutationId sent again (the first answer, as it was):
//   { "ok": true, "matchId": 42, "ply": 7, "move": "e2e4", "position": "<FEN or board>",
//     "turn": "<user id to move next, null once over>", "status": "active" | "finished",
//     "result": null | "first" | "second" | "draw", "winner": null | "<user id>", "reason": null | "checkmate" | ... }
// A refusal: { "ok": false, "code", "message" }, the message in words for the student:
//   400 bad_request, 401 not_signed_in, 403 not_your_game (also for a game that does not exist),
//   409 not_started, game_over, move_taken ("That move was already made"), out_of_turn, wrong_ply,
//   time_up, mutation_reused, 422 illegal_move. A 4xx is final: the device takes the move back.
//   502 server_error: the database could not be reached; send the same request again.
//
// Deployed as every function: `npx supabase functions deploy match-move --use-api` (supabase/README.md).
// deno.json maps chess.js to its npm: package at the version package.json pins; the embedded backend
// (supabase/embedded/functions.ts) runs this same file in Node.
import { handleMatchMove } from './handler.ts';

Deno.serve((request) =>
  handleMatchMove(request, {
    url: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  }),
);
