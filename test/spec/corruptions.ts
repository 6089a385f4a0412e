/**
 * Corrupt copies of the real spec: each is the canonical spec/service.yaml with one edit, and
 * the exact problem report the loader must give (file:line:column, document path, message, code).
 */
export interface Corruption {
  readonly name: string;
  /** Edits the spec text; must change it. */
  readonly edit: (spec: string) => string;
  /**
   * The exact report lines for the edited text `t` (without the file name). Positions are
   * computed from `t` with at(), so that unrelated edits of the spec do not break the case.
   */
  readonly expect: (t: string) => readonly string[];
}

/** `line:column` (1-based) of the `nth` occurrence of `needle` at or after `after`, plus `plus` columns. */
export function at(text: string, needle: string, after = "", nth = 1, plus = 0): string {
  let i = after === "" ? 0 : text.indexOf(after);
  if (i < 0) throw new Error(`anchor not found: ${after}`);
  for (let k = 0; k < nth; k++) {
    i = text.indexOf(needle, k === 0 ? i : i + 1);
    if (i < 0) throw new Error(`needle not found: ${needle}`);
  }
  const before = text.slice(0, i);
  const line = before.split("\n").length;
  const column = i - before.lastIndexOf("\n") + plus;
  return `${line}:${column}`;
}

const KNOWN = "string, int, long, double, boolean, dateTime, unsignedByte, base64Binary, byte, short, unsignedShort, unsignedInt, unsignedLong, float, decimal, date, time, duration, anyURI, guid, hexBinary, char, QName, xml, PeriodType, MessageLocation, MessagesBL, MsgReceptions, BulkReceptions, BulkReceptionExport, ScheduleDetails, UserDetails, GetPayments, GroupsList, SmsQueueList, Contact, ContactEvent";

/** Replaces the first occurrence of `from` (after `after`, when given); throws when absent, so a spec change cannot silently void a case. */
export function replaceOnce(text: string, from: string, to: string, after = ""): string {
  const start = after === "" ? 0 : text.indexOf(after);
  if (start < 0) throw new Error(`anchor not found: ${after}`);
  const i = text.indexOf(from, start);
  if (i < 0) throw new Error(`text not found: ${from}`);
  return text.slice(0, i) + to + text.slice(i + from.length);
}

export const CORRUPTIONS: readonly Corruption[] = [
  {
    name: "malformed YAML: unclosed flow sequence",
    edit: (s) => replaceOnce(s, "values: [Once, Daily, Weekly, Monthly, Yearly, Custom]", "values: [Once, Daily, Weekly"),
    expect: (t) => [`${at(t, "MessageLocation:")} /: Flow sequence in block collection must be sufficiently indented and end with a ] [yaml]`],
  },
  {
    name: "malformed YAML: an over-indented key (folds into the value above)",
    edit: (s) => replaceOnce(s, "  namespace: http://tempuri.org/", "     namespace: http://tempuri.org/"),
    expect: (t) => [`${at(t, "name: Messaging")} /service: missing required property "namespace" [schema]`],
  },
  {
    name: "malformed YAML: a tab for indentation",
    edit: (s) => replaceOnce(s, "  namespace: http://tempuri.org/", "\tnamespace: http://tempuri.org/"),
    expect: (t) => [`${at(t, "\tnamespace")} /: Block scalar lines must not be less indented than their first line [yaml]`, `${at(t, "http:", "\tnamespace")} /: Nested mappings are not allowed in compact mappings [yaml]`, `${at(t, "http:", "\tnamespace")} /: Implicit keys need to be on a single line [yaml]`],
  },
  {
    name: "malformed YAML: duplicate key",
    edit: (s) => replaceOnce(s, "  namespace: http://tempuri.org/", "  namespace: http://tempuri.org/\n  namespace: http://other.org/"),
    expect: (t) => [`${at(t, "namespace: http://other.org/")} /: Map keys must be unique [yaml]`],
  },
  {
    name: "malformed YAML: unterminated quoted string",
    edit: (s) => replaceOnce(s, "  name: Messaging", '  name: "Messaging'),
    expect: (t) => [`${at(t, '"Messaging', "", 1, 10)} /: Missing closing "quote [yaml]`],
  },
  {
    name: "empty file",
    edit: () => "",
    expect: () => ["1:1 /: must be object [schema]"],
  },
  {
    name: "not a mapping",
    edit: () => "- just\n- a list\n",
    expect: () => ["1:1 /: must be object [schema]"],
  },
  {
    name: "schema: missing service.namespace",
    edit: (s) => replaceOnce(s, "  namespace: http://tempuri.org/\n", ""),
    expect: (t) => [`${at(t, "name: Messaging")} /service: missing required property "namespace" [schema]`],
  },
  {
    name: "schema: unknown result kind",
    edit: (s) => replaceOnce(s, "result: { kind: list, type: MessagesBL", "result: { kind: tree, type: MessagesBL"),
    expect: (t) => [`${at(t, "tree")} /endpoints/0/operations/0/result/kind: must be one of "scalar", "record", "list", "void" [schema]`],
  },
  {
    name: "schema: unknown property on a parameter",
    edit: (s) => replaceOnce(s, "{ name: location, type: int }", "{ name: location, type: int, colour: red }"),
    expect: (t) => [`${at(t, "colour")} /endpoints/0/operations/0/params/2/colour: unknown property "colour" [schema]`],
  },
  {
    name: "schema: optional is not a boolean",
    edit: (s) => replaceOnce(s, "{ name: location, type: int }", "{ name: location, type: int, optional: maybe }"),
    expect: (t) => [`${at(t, "maybe")} /endpoints/0/operations/0/params/2/optional: must be boolean [schema]`],
  },
  {
    name: "schema: operation name is not an XML name",
    edit: (s) => replaceOnce(s, "- name: GetUsersMessagesByDate", "- name: Get Users Messages"),
    expect: (t) => [`${at(t, "Get Users Messages")} /endpoints/0/operations/1/name: must match pattern "^[A-Za-z_][A-Za-z0-9_.-]*$" [schema]`],
  },
  {
    name: "unknown type of a parameter",
    edit: (s) => replaceOnce(s, "{ name: location, type: int }", "{ name: location, type: integer }"),
    expect: (t) => [`${at(t, "integer")} /endpoints/0/operations/0/params/2/type: unknown type "integer" (known: ${KNOWN}) [unknown-type]`],
  },
  {
    name: "unknown type of a record field",
    edit: (s) => replaceOnce(s, "{ name: UserID, type: int }", "{ name: UserID, type: Int32 }"),
    expect: (t) => [`${at(t, "Int32")} /records/MessagesBL/fields/1/type: unknown type "Int32" (known: ${KNOWN}) [unknown-type]`],
  },
  {
    name: "unknown type of a result",
    edit: (s) => replaceOnce(s, "result: { kind: list, type: MessagesBL, item: MessagesBL", "result: { kind: list, type: MessageBL, item: MessagesBL"),
    expect: (t) => [
      `${at(t, "MessageBL,")} /endpoints/0/operations/0/result/type: unknown type "MessageBL" (known: ${KNOWN}) [unknown-type]`,
    ],
  },
  {
    name: "duplicate operation",
    edit: (s) => replaceOnce(s, "- name: GetUsersMessagesByDate", "- name: GetMessagesAfterID"),
    expect: (t) => [
      `${at(t, "GetUsersMessagesByDateResult")} /endpoints/0/operations/1/result/soapElement: GetMessagesAfterID: SOAP result element "GetUsersMessagesByDateResult" must be "GetMessagesAfterIDResult" [result-element-mismatch]`,
      `${at(t, "GetMessagesAfterID\n", "name: GetMessagesAfterID\n", 2)} /endpoints/0/operations/1/name: duplicate operation "GetMessagesAfterID" in endpoint receive [duplicate-name]`,
    ],
  },
  {
    name: "duplicate record field",
    edit: (s) => replaceOnce(s, "{ name: UserID, type: int }", "{ name: MsgID, type: int }"),
    expect: (t) => [`${at(t, "MsgID, type: int }")} /records/MessagesBL/fields/1/name: duplicate field "MsgID" in record MessagesBL [duplicate-name]`],
  },
  {
    name: "duplicate parameter",
    edit: (s) => replaceOnce(s, "{ name: count, type: int }", "{ name: location, type: int }"),
    expect: (t) => [`${at(t, "location, type: int }", "name: GetMessagesAfterID", 2)} /endpoints/0/operations/0/params/4/name: duplicate parameter "location" in GetMessagesAfterID [duplicate-name]`],
  },
  {
    name: "duplicate enum value",
    edit: (s) => replaceOnce(s, "values: [Once, Daily, Weekly, Monthly, Yearly, Custom]", "values: [Once, Daily, Weekly, Monthly, Yearly, Once]"),
    expect: (t) => [`${at(t, "Once]")} /enums/PeriodType/values/5: duplicate enum value "Once" in PeriodType [duplicate-name]`],
  },
  {
    name: "duplicate endpoint path",
    edit: (s) => replaceOnce(s, "path: /post/Voice.asmx", "path: /post/Users.asmx"),
    expect: (t) => [`${at(t, "/post/Users.asmx", "name: voice")} /endpoints/7/path: path "/post/Users.asmx" is also used by endpoint users [duplicate-name]`],
  },
  {
    name: "list parameter without item element",
    edit: (s) => replaceOnce(s, ", item: long }", " }", "name: recIds"),
    expect: (t) => [`${at(t, "{ name: recIds")} /endpoints/1/operations/2/params/0: list parameter "recIds" of GetDeliveries has no item element (add "item") [list-item-missing]`],
  },
  {
    name: "list result without item element",
    edit: (s) => replaceOnce(s, "result: { kind: list, type: int, item: int, soapElement: GetDeliveriesResult", "result: { kind: list, type: int, soapElement: GetDeliveriesResult"),
    expect: (t) => [`${at(t, "list, type: int, soapElement: GetDeliveriesResult")} /endpoints/1/operations/2/result/kind: GetDeliveries: list result needs an item element (expected "int") [result-element-mismatch]`],
  },
  {
    name: "partial operation referenced as complete (partial removed, no result)",
    edit: (s) => replaceOnce(s, "        partial: true\n", ""),
    expect: (t) => [`${at(t, "name: AddScheduleSendByBaseNumber2")} /endpoints/6/operations/9: missing required property "result" [schema]`],
  },
  {
    name: "partial operation with a result",
    edit: (s) => replaceOnce(s, "          - { name: text, type: string, optional: true }\n", "          - { name: text, type: string, optional: true }\n        result: { kind: scalar, type: int, soapElement: AddScheduleSendByBaseNumber2Result, httpRoot: int }\n", "name: AddScheduleSendByBaseNumber2"),
    expect: (t) => [`${at(t, "result: { kind: scalar, type: int, soapElement: AddScheduleSendByBaseNumber2Result")} /endpoints/6/operations/9/result: AddScheduleSendByBaseNumber2 is marked partial but has a result: remove "partial" or the result [partial-with-result]`],
  },
  {
    name: "credential that is not a string",
    edit: (s) => replaceOnce(s, "{ name: password, type: string, optional: true, credential: password }", "{ name: password, type: int, optional: true, credential: password }"),
    expect: (t) => [`${at(t, "password }", "{ name: password, type: int")} /endpoints/0/operations/0/params/1/credential: credential parameter "password" of GetMessagesAfterID must be a single string [credential-type]`],
  },
  {
    name: "result element of another operation",
    edit: (s) => replaceOnce(s, "soapElement: GetDeliveriesResult", "soapElement: GetMessagesAfterIDResult"),
    expect: (t) => [`${at(t, "GetMessagesAfterIDResult", "name: GetDeliveries")} /endpoints/1/operations/2/result/soapElement: GetDeliveries: SOAP result element "GetMessagesAfterIDResult" must be "GetDeliveriesResult" [result-element-mismatch]`],
  },
];
