/** The creator's options from the admin (add, reorder, change), each an audited workflow (issue 49 item 1). */
import type { OptionCreateInput, OptionUpdateInput } from "@shared/admin-schemas";
import type { OptionType } from "@shared/options";
import { defineAuditedWorkflow } from "../platform/index.js";
import { changedFields, createOption, reorderOptions, updateOption } from "./admin-catalog.js";

export const createOptionAsAdmin = defineAuditedWorkflow({
  entry: (input: OptionCreateInput) => ({
    actionType: "option.create",
    tableName: "product_options",
    recordId: null,
    newValues: input,
  }),
  steps: async (tx, input) => {
    const created = await createOption(tx, input);
    return { result: created, audit: { recordId: created.id, newValues: created } };
  },
});

export const reorderOptionsAsAdmin = defineAuditedWorkflow({
  entry: ({ optionType, ids }: { optionType: OptionType; ids: readonly string[] }) => ({
    actionType: "option.reorder",
    tableName: "product_options",
    recordId: optionType,
    newValues: { ids },
  }),
  steps: async (tx, { optionType, ids }) => {
    const order = await reorderOptions(tx, optionType, ids);
    return { result: order, audit: { oldValues: order.before, newValues: order.after } };
  },
});

export const updateOptionAsAdmin = defineAuditedWorkflow({
  entry: ({ id, input }: { id: string; input: OptionUpdateInput }) => ({
    actionType: "option.update",
    tableName: "product_options",
    recordId: id,
    newValues: input,
  }),
  steps: async (tx, { id, input }) => {
    const { before, after } = await updateOption(tx, id, input);
    const diff = changedFields(before, after);
    return { result: after, audit: { oldValues: diff.old, newValues: diff.new } };
  },
});
