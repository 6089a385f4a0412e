import { describe, expect, it } from "vitest";
import { loadModel as loadSpecFile } from "../../../generator/load.ts";
import type { CompleteOperationModel } from "../../../generator/model/types.ts";

const model = loadSpecFile(new URL("../../../spec/service.yaml", import.meta.url).pathname, "spec/service.yaml");
const ops = model.endpoints.flatMap((e) => e.operations);
const op = (name: string): CompleteOperationModel => {
  const found = ops.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};

describe("the canonical spec", () => {
  it("covers the whole service description", () => {
    expect(model.endpoints.map((e) => e.path)).toEqual([
      "/post/receive.asmx",
      "/post/Send.asmx",
      "/post/Users.asmx",
      "/post/Actions.asmx",
      "/post/contacts.asmx",
      "/post/newbulks.asmx",
      "/post/Schedule.asmx",
      "/post/Voice.asmx",
      "/post/codes.asmx",
    ]);
    expect(ops).toHaveLength(35);
    expect(model.endpoints.flatMap((e) => e.partialOperations.map((o) => o.name))).toEqual(["AddScheduleSendByBaseNumber2"]);
    expect(model.records.map((r) => r.wireName)).toEqual([
      "MessagesBL", "MsgReceptions", "BulkReceptions", "BulkReceptionExport", "ScheduleDetails", "UserGridList",
      "GetPayments", "GroupsList", "SmsQueueList", "Contact", "ContactEvent",
    ]);
    expect(model.enums.map((e) => [e.name, e.values])).toEqual([
      ["PeriodType", ["Once", "Daily", "Weekly", "Monthly", "Yearly", "Custom"]],
      ["MessageLocation", ["Received", "Sent", "Removed", "Deleted"]],
    ]);
    expect(model.namespace).toBe("http://tempuri.org/");
  });

  it("keeps the alternative path spellings and the per-operation path override", () => {
    expect(Object.fromEntries(model.endpoints.map((e) => [e.name, e.alternatePaths]))).toMatchObject({
      receive: ["/post/Receive.asmx"],
      send: ["/post/send.asmx"],
      actions: ["/post/actions.asmx"],
      contacts: ["/post/Contacts.asmx"],
      users: [],
    });
    expect(op("GetMessagesReceptions").path).toBe("/post/Receive.asmx");
    expect(op("GetMessagesAfterID").path).toBe("/post/receive.asmx");
  });

  it("keeps exact casing and spellings", () => {
    expect(op("getMessages").soapAction).toBe("http://tempuri.org/getMessages");
    const user = model.records.find((r) => r.name === "UserDetails");
    expect(user?.wireName).toBe("UserGridList");
    expect(user?.fields.map((f) => f.wireName)).toContain("Desctiptions");
    expect(user?.fields.map((f) => f.wireName)).toContain("userType");
    expect(user?.fields).toHaveLength(30);
    expect(model.records.find((r) => r.name === "MessagesBL")?.fields.at(-1)?.wireName).toBe("OperatorABackCount");
  });

  it("puts the id lists before the credentials where the service does", () => {
    expect(op("GetDeliveries").params.map((p) => p.wireName)).toEqual(["recIds", "username", "password"]);
    expect(op("GetDeliveries").params[0]).toMatchObject({ listItem: "long", type: { kind: "scalar", name: "long" } });
    expect(op("GetMultipleSMS3Deliveries").params.map((p) => p.wireName)).toEqual(["Id", "username", "password"]);
    expect(op("ChangeContact").params.map((p) => p.wireName)).toEqual([
      "username", "password", "contactId", "mobilenumber", "firstname", "lastname", "nickname", "corporation", "phone",
      "fax", "email", "gender", "province", "city", "address", "postalCode", "additionaltext", "descriptions", "contactStatus",
    ]);
  });

  it("makes defaults explicit: optional strings, nullable reference results and fields", () => {
    const addSchedule = op("AddSchedule");
    expect(addSchedule.params.map((p) => [p.wireName, p.optional])).toEqual([
      ["username", true], ["password", true], ["to", true], ["from", true], ["text", true],
      ["isflash", false], ["scheduleDateTime", false], ["period", false],
    ]);
    expect(op("GetScheduleDetails").result).toMatchObject({ kind: "record", httpRoot: "ScheduleDetails", nullable: true });
    expect(op("GetSmsPrice").result).toMatchObject({ kind: "scalar", httpRoot: "double", nullable: false });
    expect(op("GetDeliveries").result).toMatchObject({ kind: "list", item: "int", httpRoot: "ArrayOfInt", nullable: true });
    const msg = model.records.find((r) => r.name === "MessagesBL");
    expect(msg?.fields.find((f) => f.wireName === "Body")?.nullable).toBe(true);
    expect(msg?.fields.find((f) => f.wireName === "MsgID")?.nullable).toBe(false);
  });

  it("records every node's position for errors and TSDoc", () => {
    expect(op("GetSmsPrice").pos).toMatchObject({ file: "spec/service.yaml", path: "/endpoints/1/operations/1" });
    expect(op("GetSmsPrice").pos.line).toBeGreaterThan(1);
  });
});
