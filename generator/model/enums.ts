/** Enumerations of the spec → EnumModel. */
import type { BuildContext } from "./context.ts";
import { naming } from "./naming.ts";
import type { EnumModel } from "./types.ts";

export function buildEnums(ctx: BuildContext): EnumModel[] {
  return Object.entries(ctx.raw.enums ?? {}).map(([name, e]) => {
    const path = `/enums/${name}`;
    const seen = new Set<string>();
    e.values.forEach((v, i) => {
      if (seen.has(v)) ctx.report("duplicate-name", `${path}/values/${i}`, `duplicate enum value "${v}" in ${name}`);
      seen.add(v);
    });
    return {
      name,
      wireName: e.wireName ?? name,
      description: e.description ?? "",
      values: [...e.values],
      flags: e.flags === true,
      pos: ctx.locate(path, true),
      typeSymbol: naming.enumType(name),
      valuesSymbol: naming.enumValues(name),
      descriptorSymbol: naming.enumDescriptor(name),
    };
  });
}
