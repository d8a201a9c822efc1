import { describe, expect, it } from "vitest";
import { clearDraft, readDraft, saveDraft } from "~/components/application-form/draft";
import { consentTextFor } from "~/domain/schemas/public-application";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

// Where drafts are kept in the browser: a new key would lose every draft saved before it.
const DRAFT_STORAGE_KEY = "agency-crm:application-draft";

describe("application draft", () => {
  const typed = {
    firstName: "Jane",
    phones: [{ phoneNumber: "8135550101", phoneType: "mobile" }],
    ssn: "123456789",
    routingNumber: "021000021",
    accountNumber: "000123",
    cardNumber: "4111111111111111",
    cardCvv: "123",
    doctorName: "Dr. Smith",
    doctorPhone: "3055550100",
    medications: "Warfarin",
    medicalHistory: "Atrial fibrillation",
    consent: "on",
    consentText: consentTextFor(null),
    website: "bot",
    __intent__: "{}",
  };

  const kept = { firstName: "Jane", phones: [{ phoneNumber: "8135550101", phoneType: "mobile" }] };

  it("never keeps the SSN, bank or card numbers, the health details, the consent or the honeypot", () => {
    expect(saveDraft(new MemoryStorage(), typed).value).toEqual(kept);
  });

  it("saves, reads back and clears", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, typed, new Date("2026-01-02T03:04:05Z"));
    expect(storage.getItem(DRAFT_STORAGE_KEY)).not.toMatch(/123456789|021000021|4111111111111111/);
    expect(readDraft(storage)).toEqual({ savedAt: "2026-01-02T03:04:05.000Z", value: kept });
    clearDraft(storage);
    expect(readDraft(storage)).toBeNull();
  });

  it("drops an unreadable draft and strips sensitive fields someone put into storage by hand", () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFT_STORAGE_KEY, "{not json");
    expect(readDraft(storage)).toBeNull();
    expect(storage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    storage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ savedAt: "x", value: { ssn: "1", city: "Tampa" } }));
    expect(readDraft(storage)?.value).toEqual({ city: "Tampa" });
  });
});
