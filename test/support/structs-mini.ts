/** A small spec with every record construct (hierarchy, lists, repeated, secret) and SOAP headers, for the emitter tests. */
import type { ServiceModel } from "../../generator/model/types.ts";
import { miniModel } from "./mini.ts";

export const structsRecords = `records:
  Shape:
    fields:
      - { name: Label, type: string }
  Ring:
    base: Shape
    fields:
      - { name: Inner, type: double }
  Animal:
    abstract: true
    fields:
      - { name: Name, type: string }
  Dog:
    base: Animal
    fields:
      - { name: Barks, type: boolean }
  Auth:
    fields:
      - { name: User, type: string }
      - { name: Token, type: string, secret: true }
  Box:
    fields:
      - { name: Items, type: Shape, list: true, item: Shape }
      - { name: Tag, type: string, repeated: true }
      - { name: Size, type: int, nillable: true }
`;

export const structsOps = `      - name: EchoBox
        headers:
          - { element: Auth, type: Auth, direction: in }
          - { element: Receipt, type: Dog, direction: out }
        params: [{ name: b, type: Box, optional: true }]
        result: { kind: record, type: Box, soapElement: EchoBoxResult }
`;

export const structsModel = (): ServiceModel => miniModel(structsOps, structsRecords);
