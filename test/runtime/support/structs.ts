/**
 * Hand-written descriptors of the record constructs (the shapes of the corpus's StructsService,
 * test/import/corpus/Corpus.cs): nested records, int?, wrapped and repeated lists, a hierarchy
 * of two levels, SOAP headers in and out. Shared by the runtime tests of encode and decode.
 */
import { defineOperation, defineRecord, type FieldDescriptor, type OperationDescriptor, type RecordDescriptor } from "../../../templates/runtime/descriptor.ts";
import { CODECS } from "../../../templates/runtime/codecs.ts";
import { writeRecord } from "../../../templates/runtime/record-writer.ts";

export const NS = "http://corpus.example/structs/";

const rec = (name: string, fields: FieldDescriptor[], extra: Partial<RecordDescriptor> = {}): RecordDescriptor =>
  defineRecord({
    kind: "record",
    name,
    wire: name,
    fields,
    create: () => Object.fromEntries([...(extra.discriminated ? [["$type", name]] : []), ...fields.map((f) => [f.prop, undefined])]),
    ...extra,
  });

export const Point = rec("Point", [
  { wire: "X", prop: "X", type: CODECS.int, nullable: false },
  { wire: "Y", prop: "Y", type: CODECS.int, nullable: false },
]);
const label: FieldDescriptor = { wire: "Label", prop: "Label", type: CODECS.string, nullable: true };
const radius: FieldDescriptor = { wire: "Radius", prop: "Radius", type: CODECS.double, nullable: false };
export const Ring = rec("Ring", [label, radius, { wire: "Inner", prop: "Inner", type: CODECS.double, nullable: false }], { discriminated: true });
export const Circle = rec("Circle", [label, radius], { discriminated: true, subtypes: [Ring] });
export const Square = rec("Square", [label, { wire: "Side", prop: "Side", type: CODECS.int, nullable: false }], { discriminated: true });
export const Shape = rec("Shape", [label], { discriminated: true, subtypes: [Square, Circle, Ring] });
export const Animal = rec("Animal", [{ wire: "Name", prop: "Name", type: CODECS.string, nullable: true }], { discriminated: true, abstract: true, subtypes: [] });
export const Drawing = rec("Drawing", [
  { wire: "Title", prop: "Title", type: CODECS.string, nullable: true },
  { wire: "Layer", prop: "Layer", type: CODECS.int, nullable: true, nillable: true },
  { wire: "Origin", prop: "Origin", type: Point, nullable: true },
  { wire: "Path", prop: "Path", type: Point, nullable: true, item: "Point" },
  { wire: "Notes", prop: "Notes", type: CODECS.string, nullable: true, item: "string" },
  { wire: "Main", prop: "Main", type: Shape, nullable: true },
  { wire: "Shapes", prop: "Shapes", type: Shape, nullable: true, item: "Shape" },
  { wire: "Tag", prop: "Tag", type: CODECS.string, nullable: true, repeated: true },
  { wire: "Version", prop: "Version", type: CODECS.long, nullable: false },
]);
export const SessionHeader = rec("SessionHeader", [
  { wire: "Key", prop: "Key", type: CODECS.string, nullable: true },
  { wire: "Secret", prop: "Secret", type: CODECS.string, nullable: true, secret: true },
]);
export const ReceiptHeader = rec("ReceiptHeader", [
  { wire: "Count", prop: "Count", type: CODECS.int, nullable: false },
  { wire: "Note", prop: "Note", type: CODECS.string, nullable: true },
]);

const op = (name: string, extra: Partial<OperationDescriptor>): OperationDescriptor =>
  defineOperation({ name, path: "/svc/Structs.asmx", namespace: NS, soapAction: `${NS}${name}`, params: [], result: { kind: "record", type: Drawing, item: null, soapElement: `${name}Result`, httpRoot: "Drawing", nullable: true }, ...extra });

/** EchoDrawing(Drawing d) with an in header (with a secret field) and an out header; SOAP only. */
export const EchoDrawing = op("EchoDrawing", {
  bindings: ["soap11", "soap12"],
  params: [{ wire: "d", prop: "d", type: Drawing, writer: writeRecord, item: null, optional: true, credential: null }],
  headers: [
    { element: "SessionHeader", prop: "SessionHeader", type: SessionHeader, direction: "in", writer: writeRecord },
    { element: "ReceiptHeader", prop: "ReceiptHeader", type: ReceiptHeader, direction: "out" },
  ],
});
/** EchoPoints(Point[] points): a list of records as a parameter. */
export const EchoPoints = op("EchoPoints", {
  bindings: ["soap11", "soap12"],
  params: [{ wire: "points", prop: "points", type: Point, writer: writeRecord, item: "Point", optional: true, credential: null }],
  result: { kind: "list", type: Point, item: "Point", soapElement: "EchoPointsResult", httpRoot: "ArrayOfPoint", nullable: true },
});
/** EchoShape(Shape s): a hierarchy as parameter and result. */
export const EchoShape = op("EchoShape", {
  params: [{ wire: "s", prop: "s", type: Shape, writer: writeRecord, item: null, optional: true, credential: null }],
  result: { kind: "record", type: Shape, item: null, soapElement: "EchoShapeResult", httpRoot: "Shape", nullable: true },
});
/** EchoAnimal(Animal a): an abstract record without known subtypes. */
export const EchoAnimal = op("EchoAnimal", {
  params: [{ wire: "a", prop: "a", type: Animal, writer: writeRecord, item: null, optional: true, credential: null }],
  result: { kind: "record", type: Animal, item: null, soapElement: "EchoAnimalResult", httpRoot: "Animal", nullable: true },
});
/** Traced(int v) with an inout header, over every binding. */
export const Traced = op("Traced", {
  params: [{ wire: "v", prop: "v", type: CODECS.int, item: null, optional: false, credential: null }],
  result: { kind: "scalar", type: CODECS.int, item: null, soapElement: "TracedResult", httpRoot: "int", nullable: false },
  headers: [{ element: "SessionHeader", prop: "SessionHeader", type: SessionHeader, direction: "inout", writer: writeRecord }],
});

export const soap11 = (inner: string, header = ""): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${header === "" ? "" : `<soap:Header>${header}</soap:Header>`}<soap:Body>${inner}</soap:Body></soap:Envelope>`;
