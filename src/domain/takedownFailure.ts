// What the takedown form says when its request was not filed. The server's own refusals (P0001: one
// request at a time, 5 an hour per device or account, 3 waiting per address, a page already waiting)
// are its words for the sender, shown as they are; anything else is the connection or the server
// failing, which a retry may mend.

export function takedownFailureText(error: { message: string; code?: string }): string {
  if (error.code === 'P0001') return error.message;
  return `The request could not be sent (${error.message}). Check your connection and try again.`;
}
