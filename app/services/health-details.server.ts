import { HEALTH_FIELDS, HEALTH_MASK, type HealthField } from "~/domain/health-details";
import { decrypt, encrypt } from "~/utils/crypto.server";

// Where a lead's health details are kept and how they are read (docs/decisions/070): each in its
// own column, AES-256-GCM with the app's DATA_ENCRYPTION_KEY as the SSN is (crypto.server.ts),
// answered as HEALTH_MASK until the reader reveals them (recordLeadReveal, part "health").

/** The lead's attribute that keeps each health detail, encrypted. */
export const HEALTH_COLUMNS = {
  doctorName: "doctorNameEncrypted",
  doctorPhone: "doctorPhoneEncrypted",
  medications: "medicationsEncrypted",
  medicalHistory: "medicalHistoryEncrypted",
} as const satisfies Record<HealthField, string>;

type HealthColumn = (typeof HEALTH_COLUMNS)[HealthField];

/** The health details given, as the columns that keep them: each encrypted, a missing or empty one null. */
export function encryptedHealth(
  details: Partial<Record<HealthField, string | null>>,
): Record<HealthColumn, string | null> {
  const columns = {} as Record<HealthColumn, string | null>;
  for (const field of HEALTH_FIELDS) {
    const value = details[field];
    columns[HEALTH_COLUMNS[field]] = value ? encrypt(value) : null;
  }
  return columns;
}

/** A stored health detail as a reader gets it: in full once revealed, else the mask; nothing stored stays null. */
export function shownHealth(encrypted: string | null, revealed: boolean): string | null {
  if (!encrypted) return null;
  return revealed ? decrypt(encrypted) : HEALTH_MASK;
}
