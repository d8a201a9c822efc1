import type { Transaction } from "sequelize";
import {
  ActivityLog,
  Agent,
  Application,
  AgentCarrier,
  Beneficiary,
  Bdm,
  Carrier,
  FormSubmission,
  LeadRead,
  LeadSource,
  LicensedState,
  Notification,
  Order,
  PasswordResetRequest,
  PaymentTracking,
  PolicyStatusChange,
  Product,
  StatusChange,
  TwoFactorCredential,
  User,
  sequelize,
} from "../index";
import { COMBINED_CARRIER, COMBINED_PRODUCTS } from "../../app/domain/carriers";
import { paymentScheduleDueDates, saleSnapshot } from "../../app/domain/commission";
import { addDaysIso, todayIn } from "../../app/domain/periods";
import { US_STATES } from "../../app/domain/states";
import { encrypt, hashPassword } from "../../app/utils/crypto.server";
import { encryptedHealth } from "../../app/services/health-details.server";
import { newPostingKey } from "../../app/services/posting-keys.server";
import { ensureCatalog } from "./catalog";
import { createLeadRecord } from "./lead-factory";

// A small deterministic generator: the same seed gives the same demo on every machine.
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20251121);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const digits = (n: number) => Array.from({ length: n }, () => between(0, 9)).join("");

const FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Linda",
  "Michael",
  "Barbara",
  "William",
  "Elizabeth",
  "David",
  "Susan",
  "Richard",
  "Jessica",
  "Joseph",
  "Sarah",
  "Thomas",
  "Karen",
  "Charles",
  "Nancy",
  "Gloria",
  "Harold",
  "Dorothy",
  "Walter",
  "Betty",
  "Eugene",
  "Shirley",
  "Ralph",
  "Frances",
  "Louis",
];
const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
];
const CITIES: [string, string][] = [
  ["Tampa", "FL"],
  ["Orlando", "FL"],
  ["Dallas", "TX"],
  ["Houston", "TX"],
  ["Phoenix", "AZ"],
  ["Atlanta", "GA"],
  ["Charlotte", "NC"],
  ["Columbus", "OH"],
  ["Nashville", "TN"],
  ["Birmingham", "AL"],
  ["Jackson", "MS"],
  ["Louisville", "KY"],
];
const STREETS = ["Oak St", "Maple Ave", "Cedar Ln", "Pine Rd", "Elm St", "Lakeview Dr", "Sunset Blvd", "Park Ave"];
const RELATIONSHIPS = ["spouse", "son", "daughter", "grandson", "granddaughter", "sister", "brother", "friend"];
const STATUS_MIX = [
  "pending",
  "pending",
  "pending",
  "contacted",
  "contacted",
  "interested",
  "quoted",
  "sale",
  "sale",
  "sale",
  "declined",
  "callback",
  "callback",
  "not_interested",
  "follow_up",
  "rescheduled",
];

const DAY = 24 * 60 * 60_000;

/** @internal */
export const DEMO_PASSWORDS = { admin: "admin12345", agent: "agent12345" };
/** @internal */
export const DEMO_ADMIN_EMAIL = "admin@example.com";
/**
 * The demo admin's TOTP secret (administrators must have a second factor, decision 079): public on
 * purpose, in the README, so the demo and scripted clients can compute the codes.
 * @internal exported for the seed's test
 */
export const DEMO_ADMIN_TOTP_SECRET = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF";

type AgentSpec = {
  email: string;
  firstName: string;
  lastName: string;
  status: "approved" | "pending" | "paused" | "rejected";
  setupComplete: boolean;
  carriers: string[];
  states: string[];
  leads: number;
};

const AGENTS: AgentSpec[] = [
  {
    email: "agent@example.com",
    firstName: "Alex",
    lastName: "Morgan",
    status: "approved",
    setupComplete: true,
    carriers: [COMBINED_CARRIER, "Mutual of Omaha", "Aetna", "Transamerica"],
    states: ["FL", "TX", "GA", "AL", "TN"],
    leads: 90,
  },
  {
    email: "newagent@example.com",
    firstName: "Nina",
    lastName: "Patel",
    status: "approved",
    setupComplete: false,
    carriers: [],
    states: [],
    leads: 0,
  },
  {
    email: "pending@example.com",
    firstName: "Peter",
    lastName: "Owens",
    status: "pending",
    setupComplete: false,
    carriers: [],
    states: [],
    leads: 0,
  },
  {
    email: "paused@example.com",
    firstName: "Paula",
    lastName: "Sanders",
    status: "paused",
    setupComplete: true,
    carriers: ["Americo", "Foresters"],
    states: ["OH", "KY"],
    leads: 25,
  },
  {
    email: "jordan.lee@example.com",
    firstName: "Jordan",
    lastName: "Lee",
    status: "approved",
    setupComplete: true,
    carriers: ["Americo", "Ethos", COMBINED_CARRIER],
    states: ["AZ", "NV", "CA"],
    leads: 60,
  },
  {
    email: "maria.gonzalez@example.com",
    firstName: "Maria",
    lastName: "Gonzalez",
    status: "approved",
    setupComplete: true,
    carriers: ["American Amicable", "Royal Neighbors of America"],
    states: ["TX", "NM", "OK"],
    leads: 55,
  },
  {
    email: "kevin.brooks@example.com",
    firstName: "Kevin",
    lastName: "Brooks",
    status: "approved",
    setupComplete: true,
    carriers: ["SBLI", "Liberty Bankers", "Mutual of Omaha"],
    states: ["NC", "SC", "VA"],
    leads: 45,
  },
  {
    email: "tanya.reid@example.com",
    firstName: "Tanya",
    lastName: "Reid",
    status: "approved",
    setupComplete: true,
    carriers: ["GPM Life Insurance", "United Home Life"],
    states: ["MS", "LA"],
    leads: 35,
  },
  {
    email: "sam.hughes@example.com",
    firstName: "Sam",
    lastName: "Hughes",
    status: "pending",
    setupComplete: false,
    carriers: [],
    states: [],
    leads: 0,
  },
  {
    email: "rita.cole@example.com",
    firstName: "Rita",
    lastName: "Cole",
    status: "rejected",
    setupComplete: false,
    carriers: [],
    states: [],
    leads: 0,
  },
];

/**
 * Every account the demo makes: the admin and the agents.
 * @internal
 */
export const DEMO_EMAILS = [DEMO_ADMIN_EMAIL, ...AGENTS.map((spec) => spec.email)];

/** A moment between two others, never after `now`: the demo's past never reaches into the future. */
function sometimeBetween(from: number, to: number, now: number) {
  const end = Math.min(to, now);
  return new Date(from + random() * Math.max(0, end - from));
}

function isoDay(date: Date) {
  return date.toISOString().slice(0, 10);
}

/**
 * A sold demo lead's policy and its nine months (decision 074), told as it would have happened:
 * submitted at the sale, then (after a few days of underwriting) mostly issued, some declined or
 * not taken; an issued policy's months due before today mostly paid, and at its first unpaid one
 * still issued (under 3 days late), lapse pending (under a month) or lapsed (the rest cancelled
 * by the lapse). `keepInForce` keeps it issued with nothing missed (the tracker's due-soon sales).
 */
async function seedPolicy(
  lead: Application,
  sale: { soldAt: Date; firstDraft: string; premiumCents: number; userId: string; keepInForce: boolean; now: number },
  opts: { transaction: Transaction },
) {
  const { soldAt, now } = sale;
  const today = todayIn("America/New_York", new Date(now));
  const history: { from: string | null; to: string; at: Date; number?: string; issueDate?: string; notes?: string }[] =
    [{ from: null, to: "submitted", at: soldAt }];
  const decidedAt = new Date(soldAt.getTime() + between(2, 9) * DAY);
  const outcome =
    sale.keepInForce || decidedAt.getTime() > now - DAY
      ? sale.keepInForce
        ? "issued"
        : "waiting"
      : pick(POLICY_OUTCOMES);
  let months: string[] = Array(9).fill("not_paid");
  let cancelledAt: Date | null = null;
  const dueDates = paymentScheduleDueDates(sale.firstDraft);
  if (outcome === "waiting") {
    if (random() < 0.5) {
      history.push({ from: "submitted", to: "pending_underwriting", at: sometimeBetween(soldAt.getTime(), now, now) });
    }
  } else if (outcome === "declined" || outcome === "not_taken") {
    history.push({
      from: "submitted",
      to: outcome,
      at: decidedAt,
      notes: outcome === "declined" ? "Declined by underwriting: health history" : "Client did not take the policy",
    });
    months = Array(9).fill("cancelled");
    cancelledAt = decidedAt;
  } else {
    const issuedAt = sale.keepInForce ? soldAt : decidedAt;
    const issueDate = isoDay(issuedAt);
    const number = `${pick(["FE", "GL", "SW"])}${digits(8)}`;
    history.push({ from: "submitted", to: "issued", at: issuedAt, number, issueDate, notes: "Approved as applied" });
    let missed = false;
    months = dueDates.map((dueDate) => {
      if (missed) return "not_paid";
      if (dueDate >= today || sale.keepInForce) return "not_paid";
      if (random() < 0.92) return "paid";
      missed = true;
      return "not_paid";
    });
    const firstUnpaid = months.indexOf("not_paid");
    const lateDays = firstUnpaid >= 0 ? daysBetween(dueDates[firstUnpaid]!, today) : 0;
    if (missed && lateDays > 30) {
      const lapsedAt = new Date(Date.parse(`${dueDates[firstUnpaid]}T16:00:00Z`) + 31 * DAY);
      history.push({ from: "issued", to: "lapsed", at: lapsedAt, notes: "Premium not received" });
      months = months.map((status) => (status === "not_paid" ? "cancelled" : status));
      cancelledAt = lapsedAt;
    } else if (missed && lateDays >= 5) {
      const pendingAt = new Date(Date.parse(`${dueDates[firstUnpaid]}T16:00:00Z`) + 5 * DAY);
      history.push({ from: "issued", to: "lapse_pending", at: pendingAt, notes: "Draft returned: carrier notice" });
    }
  }
  for (const [m, dueDate] of dueDates.entries()) {
    await PaymentTracking.create(
      {
        applicationId: lead.id,
        monthNumber: m + 1,
        dueDate,
        amountCents: sale.premiumCents,
        status: months[m]!,
        policyCancelledAt: months[m] === "cancelled" ? cancelledAt : null,
      },
      opts,
    );
  }
  for (const change of history) {
    await PolicyStatusChange.create(
      {
        applicationId: lead.id,
        userId: sale.userId,
        fromStatus: change.from,
        toStatus: change.to,
        policyNumber: change.number ?? null,
        issueDate: change.issueDate ?? null,
        effectiveDate: change.issueDate ?? null,
        notes: change.notes ?? null,
        createdAt: change.at,
      },
      opts,
    );
  }
  const last = history[history.length - 1]!;
  const issued = history.find((change) => change.to === "issued");
  await lead.update(
    {
      policyStatus: last.to,
      policyStatusAt: last.at,
      policyNumber: issued?.number ?? null,
      policyIssueDate: issued?.issueDate ?? null,
      policyEffectiveDate: issued?.issueDate ?? null,
    },
    opts,
  );
}

/** Whole days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** How underwriting and the client decide a demo sale: mostly issued. */
const POLICY_OUTCOMES = ["issued", "issued", "issued", "issued", "issued", "issued", "issued", "declined", "not_taken"];

export async function seedDemo(log: (line: string) => void = console.log) {
  if (await User.findOne({ where: { email: DEMO_ADMIN_EMAIL } })) {
    log("Demo data already present; nothing to do.");
    return false;
  }
  await ensureCatalog();
  const carriers = new Map((await Carrier.findAll()).map((c) => [c.name, c]));
  const bdms = await Bdm.findAll({ order: [["lastName", "ASC"]] });
  const [adminHash, agentHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.agent),
  ]);
  const now = Date.now();

  await sequelize.transaction(async (transaction) => {
    const opts = { transaction };
    // The admin's account is older than every agent's (agents join up to 200 days back).
    const adminSince = new Date(now - 240 * DAY);
    const admin = await User.create(
      {
        email: DEMO_ADMIN_EMAIL,
        passwordHash: adminHash,
        firstName: "Avery",
        lastName: "Admin",
        phone: "5555550100",
        role: "admin",
        twoFactorEnabledAt: adminSince,
        createdAt: adminSince,
        updatedAt: adminSince,
      },
      opts,
    );
    await TwoFactorCredential.create({ userId: admin.id, secretEncrypted: encrypt(DEMO_ADMIN_TOTP_SECRET) }, opts);
    const admins = [admin];

    for (const [index, spec] of AGENTS.entries()) {
      const created = new Date(now - between(20, 200) * DAY);
      const user = await User.create(
        {
          email: spec.email,
          passwordHash: agentHash,
          firstName: spec.firstName,
          lastName: spec.lastName,
          phone: `555555${String(index + 1).padStart(4, "0")}`,
          role: "agent",
          createdAt: created,
          updatedAt: created,
        },
        opts,
      );
      const ordered = spec.status === "pending" || spec.status === "rejected" ? 0 : pick([50, 100, 150, 200]);
      const agent = await Agent.create(
        {
          userId: user.id,
          licenseNumber: `LIC-${digits(7)}`,
          companyName:
            spec.status === "pending"
              ? null
              : pick(["Legacy Final Expense", "Heritage Life Partners", "Sunrise Insurance Group"]),
          status: spec.status,
          callsOrdered: ordered,
          callQuota: ordered,
          callsLeft: Math.max(0, ordered - between(0, Math.min(ordered, 60))),
          bdmId: spec.status === "approved" || spec.status === "paused" ? bdms[index % 2]!.id : null,
          setupComplete: spec.setupComplete,
          approvedAt: spec.status === "approved" || spec.status === "paused" ? new Date(created.getTime() + DAY) : null,
          createdAt: created,
          updatedAt: created,
        },
        opts,
      );

      const products: Product[] = [];
      for (const carrierName of spec.carriers) {
        const carrier = carriers.get(carrierName)!;
        await AgentCarrier.create({ agentId: agent.id, carrierId: carrier.id }, opts);
        const names =
          carrierName === COMBINED_CARRIER ? [...COMBINED_PRODUCTS] : ["Final Expense Level", "Graded Benefit"];
        for (const name of names) {
          products.push(
            await Product.create(
              { agentId: agent.id, carrierId: carrier.id, name, compPercentage: pick([65, 75, 85, 90, 100, 105]) },
              opts,
            ),
          );
        }
      }
      for (const code of spec.states) await LicensedState.create({ agentId: agent.id, state: code }, opts);

      let sold = 0;
      for (let i = 0; i < spec.leads; i++) {
        const status = pick(STATUS_MIX);
        // Mostly spread over four months, with a few from the last hours so "Today" is never empty.
        const createdAt =
          random() < 0.06
            ? new Date(now - between(5, 360) * 60_000)
            : new Date(now - between(0, 120) * DAY - between(0, 23) * 3600_000);
        const [city, state] = pick(CITIES);
        const firstName = pick(FIRST_NAMES);
        const lastName = pick(LAST_NAMES);
        const product = products.length ? pick(products) : null;
        const premiumCents = between(25, 180) * 100 + pick([0, 25, 50, 99]);
        const hasEmail = random() < 0.6;
        const ssn = `${between(100, 899)}${digits(6)}`;
        const routing = `0${digits(8)}`;
        const account = digits(10);
        const isSale = status === "sale" && product;
        const soldAt = isSale
          ? new Date(createdAt.getTime() + random() * Math.min(10 * DAY, now - createdAt.getTime()))
          : null;
        const draftAfterSale = soldAt ? isoDay(new Date(soldAt.getTime() + between(1, 20) * DAY)) : null;
        // The demo agent's first two sales are first drafted today and tomorrow (their Eastern
        // calendar), so the retention tracker shows DUE TODAY and DUE TOMORROW.
        const dueSoon = isSale && spec.email === "agent@example.com" && sold < 2;
        const firstDraft = dueSoon
          ? addDaysIso(todayIn("America/New_York", new Date(now)), sold)
          : (draftAfterSale ?? isoDay(new Date(createdAt.getTime() + 14 * DAY)));
        const lead = await createLeadRecord(
          {
            agentId: agent.id,
            carrierId: product ? product.carrierId : null,
            status: isSale || status !== "sale" ? status : "quoted",
            firstName,
            lastName,
            hasEmail,
            email: hasEmail ? `${firstName}.${lastName}${between(1, 99)}@example.net`.toLowerCase() : null,
            gender: pick(["male", "female"]),
            dateOfBirth: `${between(1941, 1965)}-${String(between(1, 12)).padStart(2, "0")}-${String(between(1, 28)).padStart(2, "0")}`,
            stateBornIn: pick(US_STATES).name,
            address: `${between(100, 9999)} ${pick(STREETS)}`,
            city,
            state,
            zipCode: String(between(30000, 79999)),
            height: `${between(5, 6)}'${between(0, 11)}"`,
            weight: between(120, 260),
            maritalStatus: pick(["single", "married", "divorced", "widowed"]),
            ssnEncrypted: encrypt(ssn),
            ssnLast4: ssn.slice(-4),
            smoker: random() < 0.2,
            // Encrypted as the app keeps them (decision 070).
            ...encryptedHealth({
              doctorName: `Dr. ${pick(LAST_NAMES)}`,
              medications: pick(["None", "Lisinopril", "Metformin", "Atorvastatin", "Levothyroxine"]),
            }),
            coverageAmountCents: between(5, 30) * 1000 * 100,
            monthlyPremiumCents: premiumCents,
            paymentMethod: "checking",
            bankName: pick(["Regions Bank", "Truist", "Wells Fargo", "Bank of America", "Chase"]),
            routingNumberEncrypted: encrypt(routing),
            routingNumberLast4: routing.slice(-4),
            accountNumberEncrypted: encrypt(account),
            accountNumberLast4: account.slice(-4),
            firstDraftDate: firstDraft,
            ...(isSale ? saleSnapshot(product!, premiumCents) : {}),
            // Up to 20 days after the sale, and never later than now.
            commissionCancelledAt:
              isSale && random() < 0.08 && !dueSoon
                ? sometimeBetween(soldAt!.getTime(), soldAt!.getTime() + 20 * DAY, now)
                : null,
            soldAt,
            callbackDate:
              status === "callback" || status === "rescheduled" ? new Date(now + between(-3, 7) * DAY) : null,
            source: "public_form",
            consentGiven: true,
            consentText: "Demo data: consent recorded at import.",
            consentAt: createdAt,
            createdAt,
            updatedAt: createdAt,
          },
          {
            phones: [
              {
                phoneNumber: `${pick(["813", "214", "404", "602", "615"])}555${digits(4)}`,
                phoneType: "mobile",
                isPrimary: true,
              },
            ],
            transaction,
          },
        );
        await Beneficiary.create(
          {
            applicationId: lead.id,
            name: `${pick(FIRST_NAMES)} ${lastName}`,
            relationship: pick(RELATIONSHIPS),
            age: between(18, 70),
          },
          opts,
        );
        if (lead.status !== "pending") {
          // A sale's change is its sale; any other within a day or two of the lead, and not yet
          // for a lead that came in an hour ago.
          const changedAt = soldAt ?? sometimeBetween(createdAt.getTime(), createdAt.getTime() + 2 * DAY, now);
          await StatusChange.create(
            {
              applicationId: lead.id,
              userId: user.id,
              fromStatus: "pending",
              toStatus: lead.status,
              notes: pick([null, "Left voicemail", "Spoke with client, wants a quote", "Reviewed options with spouse"]),
              createdAt: changedAt,
              updatedAt: changedAt,
            },
            opts,
          );
        }
        if (isSale) {
          sold++;
          await seedPolicy(
            lead,
            { soldAt: soldAt!, firstDraft, premiumCents, userId: user.id, keepInForce: Boolean(dueSoon), now },
            opts,
          );
        }
        // Older leads have been opened; the newest ones stay unread so the badges mean something.
        if (createdAt.getTime() < now - 3 * DAY) {
          await LeadRead.create({ userId: user.id, applicationId: lead.id }, opts);
          for (const a of admins) await LeadRead.create({ userId: a.id, applicationId: lead.id }, opts);
        } else {
          await Notification.create(
            {
              userId: user.id,
              applicationId: lead.id,
              type: "new_lead",
              title: "New lead",
              message: `${firstName} ${lastName} submitted an application.`,
              isRead: false,
              createdAt,
              updatedAt: createdAt,
            },
            opts,
          );
          // Every admin hears of a new lead too, as the application service tells them.
          for (const a of admins) {
            await Notification.create(
              {
                userId: a.id,
                applicationId: lead.id,
                type: "new_lead",
                title: "New lead",
                message: `${firstName} ${lastName} submitted an application for ${spec.firstName} ${spec.lastName}.`,
                isRead: false,
                createdAt,
                updatedAt: createdAt,
              },
              opts,
            );
          }
        }
      }
      if (sold) await agent.update({ callsSold: sold }, opts);

      if (spec.status === "approved" || spec.status === "paused") {
        const orderCount = between(1, 3);
        for (let o = 0; o < orderCount; o++) {
          const calls = pick([25, 50, 100]);
          const orderedAt = new Date(now - between(0, 60) * DAY);
          await Order.create(
            {
              agentId: agent.id,
              agentName: `${spec.firstName} ${spec.lastName}`,
              callsOrdered: calls,
              callsCompleted: between(0, calls),
              companySource: pick(["Direct", "Referral Partner"]),
              platformSource: pick(["Facebook Ads", "Google Ads", "TV Leads"]),
              referrer: random() < 0.3 ? "Partner network" : null,
              totalPaymentCents: calls * pick([16000, 18000, 19000]),
              paymentGateway: pick(["Zelle", "ACH", "Stripe", "Venmo"]),
              bdmId: bdms[o % 2]!.id,
              status: pick(["Active", "Active", "Completed", "Paused"]),
              createdAt: orderedAt,
              updatedAt: orderedAt,
            },
            opts,
          );
        }
      }
      // The admins heard of the registration when it came in; only the ones still waiting are unread.
      for (const a of admins) {
        await Notification.create(
          {
            userId: a.id,
            type: "agent_registration",
            title: "Registration awaiting approval",
            message: `${spec.firstName} ${spec.lastName} requested agent access.`,
            isRead: spec.status !== "pending",
            createdAt: created,
            updatedAt: created,
          },
          opts,
        );
      }
      await ActivityLog.create(
        {
          userId: user.id,
          action: "agent_registered",
          entityType: "user",
          entityId: user.id,
          summary: `${spec.firstName} ${spec.lastName} requested agent access`,
          createdAt: created,
          updatedAt: created,
        },
        opts,
      );
    }

    const submissions = [
      [
        "Harold Jenkins",
        "Jenkins Senior Benefits",
        "harold@jenkinsbenefits.example",
        "4045550142",
        "CRM + Leads",
        "We have 6 agents and want to try the Growth plan.",
        "new",
      ],
      ["Lisa Carter", null, "lisa.carter@example.org", "6155550188", "CRM Only", null, "new"],
      [
        "Omar Haddad",
        "Haddad Insurance",
        "omar@haddad.example",
        "2145550111",
        "CRM + Leads",
        "How fast are leads delivered?",
        "contacted",
      ],
      [
        "Beth Young",
        "Young Family Agency",
        "beth@youngfamily.example",
        "6025550123",
        "CRM Only",
        "Need commission tracking for 3 agents.",
        "converted",
      ],
      ["Carl Ruiz", null, "carl.ruiz@example.com", "8135550177", "CRM + Leads", "Just looking.", "closed"],
    ] as const;
    for (const [i, [fullName, companyName, email, phone, service, message, status]] of submissions.entries()) {
      const at = new Date(now - i * 2 * DAY);
      await FormSubmission.create(
        {
          fullName,
          companyName,
          email,
          phone,
          service,
          message,
          status,
          notes: status === "new" ? null : "Followed up by phone.",
          createdAt: at,
          updatedAt: at,
        },
        opts,
      );
    }

    // A reset request, and the notice each admin got with it: asked 4 hours ago, open for 24.
    const resetNotice = async (who: User, at: Date, isRead: boolean) => {
      for (const a of admins) {
        await Notification.create(
          {
            userId: a.id,
            type: "password_reset_request",
            title: "Password reset requested",
            message: `${who.firstName} ${who.lastName} asked for a password reset.`,
            isRead,
            createdAt: at,
            updatedAt: at,
          },
          opts,
        );
      }
    };
    const agentUser = await User.findOne({ where: { email: "kevin.brooks@example.com" }, ...opts });
    const askedAt = new Date(now - 4 * 3600_000);
    await PasswordResetRequest.create(
      {
        userId: agentUser!.id,
        email: agentUser!.email,
        kind: "request",
        status: "pending",
        expiresAt: new Date(askedAt.getTime() + 24 * 3600_000),
        createdAt: askedAt,
        updatedAt: askedAt,
      },
      opts,
    );
    await resetNotice(agentUser!, askedAt, false);
    const tanya = await User.findOne({ where: { email: "tanya.reid@example.com" }, ...opts });
    await PasswordResetRequest.create(
      {
        userId: tanya!.id,
        email: tanya!.email,
        kind: "request",
        status: "denied",
        deniedAt: new Date(now - 2 * DAY),
        decidedById: admin.id,
        expiresAt: new Date(now - DAY),
        createdAt: new Date(now - 3 * DAY),
        updatedAt: new Date(now - 2 * DAY),
      },
      opts,
    );
    await resetNotice(tanya!, new Date(now - 3 * DAY), true);

    // Lead supply (issue 24): the vendors the agency buys from. Their posting keys are made here and
    // never shown; an admin rotates one on Lead Sources to post with it. Two leads in three came from
    // them (billed), the rest through the public form.
    const sources = [];
    for (const [name, costPerLeadCents, returnWindowHours] of [
      ["FE Leads Direct", 17_500, 72],
      ["Senior Life Inbound", 19_000, 48],
      ["Aged Leads Co", 1_500, 24],
    ] as const) {
      const key = newPostingKey();
      sources.push(
        await LeadSource.create(
          {
            name,
            costPerLeadCents,
            returnWindowHours,
            postingKeyHash: key.hash,
            postingKeyLast4: key.last4,
            keyRotatedAt: null,
            defaultCarrierId: null,
          },
          opts,
        ),
      );
    }
    const leadIds = (
      await Application.findAll({
        attributes: ["id"],
        order: [
          ["createdAt", "ASC"],
          ["id", "ASC"],
        ],
        ...opts,
      })
    ).map((lead) => lead.id);
    for (const [i, source] of sources.entries()) {
      const ids = leadIds.filter((_, n) => n % 3 !== 0 && n % sources.length === i);
      await Application.update(
        { leadSourceId: source.id, source: "intake", billable: true },
        { where: { id: ids }, ...opts },
      );
    }
  });
  log("Seeded the demo: admin@example.com / admin12345 and agent@example.com / agent12345 (see README for all).");
  return true;
}
