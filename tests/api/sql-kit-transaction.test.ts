import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Carrier, sequelize } from "~db";
import { column, selectOne, selectRows, sql } from "~/services/sql/reads.server";

// A read of the kit inside a transaction (a locking read, or one a write depends on) runs on the
// transaction's connection: it sees the transaction's own writes before they are committed, and a
// read outside it does not.

const Name = z.object({ name: column.text });

describe("the kit's reads in a transaction", () => {
  it("see the transaction's uncommitted writes; a read outside does not", async () => {
    const name = `Kit Probe ${Date.now()}`;
    const byName = sql`SELECT name FROM carriers WHERE name = ${name}`;
    const failure = new Error("roll back");
    await expect(
      sequelize.transaction(async (transaction) => {
        await Carrier.create({ name }, { transaction });
        expect(await selectOne(byName, Name, { transaction })).toEqual({ name });
        expect(await selectRows(byName, Name, { transaction })).toEqual([{ name }]);
        expect(await selectOne(byName, Name)).toBeNull();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await selectOne(byName, Name)).toBeNull();
  });
});
