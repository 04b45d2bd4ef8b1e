// Phoenix channel messages as Supabase Realtime puts them on the wire, in the two serializer versions
// realtime-js speaks (the `vsn` of the websocket's URL): 1.0.0, JSON objects, and 2.0.0 (its default),
// JSON arrays plus Realtime's binary frame for a broadcast (its V2Serializer, "user broadcast", kind 4).

export type Vsn = '1.0.0' | '2.0.0';

/** A reference a client gave its message; a reply carries it back unchanged. */
export type Ref = string | number | null;

export interface PhxMessage {
  join_ref: Ref;
  ref: Ref;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** The serializer a websocket's `vsn` asks for: Phoenix takes 1.0.0 when it names none. Null for one it does not know. */
export function parseVsn(param: string | null): Vsn | null {
  if (param === null || param === '1.0.0') return '1.0.0';
  return param === '2.0.0' ? '2.0.0' : null;
}

const isRef = (value: unknown): value is Ref => value === null || typeof value === 'string' || typeof value === 'number';
const isPayload = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A client's text frame, or null when it is not a Phoenix message of this version. */
export function decodeFrame(text: string, vsn: Vsn): PhxMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let fields: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length < 5) return null;
    fields = value.slice(0, 5);
  } else {
    if (!isPayload(value)) return null;
    fields = [value.join_ref ?? null, value.ref ?? null, value.topic, value.event, value.payload];
  }
  const [joinRef, ref, topic, event, payload] = fields;
  if (!isRef(joinRef) || !isRef(ref) || typeof topic !== 'string' || typeof event !== 'string' || !isPayload(payload)) return null;
  return { join_ref: joinRef, ref, topic, event, payload };
}

export function encodeFrame(message: PhxMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref, join_ref: message.join_ref });
}

/** Realtime's binary frames name topic, event and metadata in at most 255 bytes each. */
const FIELD_MAX = 255;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

/**
 * A broadcast from the database to a channel: `topic` is the channel's (with `realtime:`), `payloadJson`
 * the row's payload as JSON text, sent as it is. Null when a field is too long for the binary frame,
 * which Realtime cannot send either.
 */
export function encodeBroadcast(vsn: Vsn, topic: string, event: string, payloadJson: string, meta: { id: string }): string | Buffer | null {
  if (vsn === '1.0.0') {
    return `{"topic":${JSON.stringify(topic)},"event":"broadcast","payload":{"type":"broadcast","event":${JSON.stringify(event)},"payload":${payloadJson},"meta":${JSON.stringify(meta)}},"ref":null}`;
  }
  const [topicBytes, eventBytes, metaBytes] = [topic, event, JSON.stringify(meta)].map((text) => Buffer.from(text, 'utf8')) as [Buffer, Buffer, Buffer];
  if (topicBytes.length > FIELD_MAX || eventBytes.length > FIELD_MAX || metaBytes.length > FIELD_MAX) return null;
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, metaBytes.length, JSON_ENCODING]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, Buffer.from(payloadJson, 'utf8')]);
}
