/** A form's problems, one message per field that has one. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;
