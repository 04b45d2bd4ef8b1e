import { missingText } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/**
 * A chat message. The chat page shows queued messages straight from the outbox, and the room is
 * mirrored by its own reader, so nothing here changes the mirror. The content rules (blank, length)
 * are the chat page's and the server's.
 */
export const sendChatMessage = {
  label: 'Chat message',
  target: () => null,
  check: ({ args }) => missingText(args, 'p_body'),

  async apply() {
    return {};
  },

  async undo() {},

  afterConfirm: null,
  // A refused message stays in the chat with its text, "Try again" and "Dismiss" (the chat page).
  failsInPlace: true,
} satisfies MutationKindModule<'send_chat_message', Record<string, never>>;
