import toast, { type ToastOptions } from 'react-hot-toast';
import { noticeTitle } from '../domain/noticeTitle.ts';

/**
 * The one way a page raises a notice: the text as given (the spec's words stay word for word), with a
 * plain title above it when those words are cryptic (src/domain/noticeTitle.ts).
 */
function body(text: string) {
  const title = noticeTitle(text);
  if (title === null) return text;
  return (
    <span className="toast-text">
      <strong className="toast-title">{title}</strong>
      <span>{text}</span>
    </span>
  );
}

export const notice = {
  success: (text: string, options?: ToastOptions) => toast.success(body(text), options),
  error: (text: string, options?: ToastOptions) => toast.error(body(text), options),
  info: (text: string, options?: ToastOptions) => toast(body(text), options),
};
