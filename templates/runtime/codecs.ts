/**
 * Every codec by its scalar name, for code that meets types by name: the test kit, and tools that
 * read descriptors generically. Generated descriptors never go through it (they reference each
 * codec they use), so it is not in an app's bundle; the codecs themselves are defined once, in
 * scalars.ts and leaf-codecs.ts.
 */
import type { ScalarCodec, ScalarName } from "./codec.js";
import { charCodec, hexBinaryCodec, QNameCodec, xmlCodec } from "./leaf-codecs.js";
import {
  anyURICodec,
  base64BinaryCodec,
  booleanCodec,
  byteCodec,
  dateCodec,
  dateTimeCodec,
  decimalCodec,
  doubleCodec,
  durationCodec,
  floatCodec,
  guidCodec,
  intCodec,
  longCodec,
  shortCodec,
  stringCodec,
  timeCodec,
  unsignedByteCodec,
  unsignedIntCodec,
  unsignedLongCodec,
  unsignedShortCodec,
} from "./scalars.js";

/** The codec of each scalar, exhaustive over ScalarName (each entry's `name` is its key). */
export const CODECS: { readonly [K in ScalarName]: ScalarCodec<K> } = {
  string: stringCodec,
  int: intCodec,
  long: longCodec,
  double: doubleCodec,
  boolean: booleanCodec,
  dateTime: dateTimeCodec,
  unsignedByte: unsignedByteCodec,
  base64Binary: base64BinaryCodec,
  byte: byteCodec,
  short: shortCodec,
  unsignedShort: unsignedShortCodec,
  unsignedInt: unsignedIntCodec,
  unsignedLong: unsignedLongCodec,
  float: floatCodec,
  decimal: decimalCodec,
  date: dateCodec,
  time: timeCodec,
  duration: durationCodec,
  anyURI: anyURICodec,
  guid: guidCodec,
  hexBinary: hexBinaryCodec,
  char: charCodec,
  QName: QNameCodec,
  xml: xmlCodec,
};
