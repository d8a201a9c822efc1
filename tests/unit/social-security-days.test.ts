import { describe, expect, it } from "vitest";
import {
  birthDateOrNull,
  federalHolidays,
  isFederalHoliday,
  isSocialSecurityDay,
  ordinalDay,
  socialSecurityDayOnOrAfter,
  socialSecurityDays,
  socialSecurityPayDay,
  socialSecurityRule,
  socialSecurityWeek,
  socialSecurityWeekLabel,
} from "~/domain/social-security-days";

// The days below were counted by hand on a calendar; those moved by a holiday are the ones the
// Social Security Administration's own schedules show (June 18 and December 24, 2024; November
// 10, 2020).

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe("which Wednesday pays", () => {
  it.each([
    ["1950-03-01", 2],
    ["1950-03-05", 2],
    ["1950-03-10", 2],
    ["1950-03-11", 3],
    ["1950-03-20", 3],
    ["1950-03-21", 4],
    ["1950-03-31", 4],
    ["1952-02-29", 4],
  ] as const)("born %s: the Wednesday number %i", (dateOfBirth, week) => {
    expect(socialSecurityWeek(dateOfBirth)).toBe(week);
  });

  it("refuses a date of birth that is no date", () => {
    expect(() => socialSecurityWeek("1950-02-30")).toThrow(/date of birth/);
    expect(() => socialSecurityWeek("05/03/1950")).toThrow(/date of birth/);
  });
});

describe("the pay day of a month", () => {
  it("is the 2nd, 3rd or 4th Wednesday by the band of the birthday, at its edges", () => {
    // January 2027: Wednesdays 6, 13, 20, 27.
    expect(socialSecurityPayDay("1950-03-10", 2027, 1)).toBe("2027-01-13");
    expect(socialSecurityPayDay("1950-03-11", 2027, 1)).toBe("2027-01-20");
    expect(socialSecurityPayDay("1950-03-20", 2027, 1)).toBe("2027-01-20");
    expect(socialSecurityPayDay("1950-03-21", 2027, 1)).toBe("2027-01-27");
    expect(socialSecurityPayDay("1950-03-31", 2027, 1)).toBe("2027-01-27");
  });

  it("is on the earliest and the latest days each Wednesday can fall on", () => {
    // January 2025 starts on a Wednesday: the 2nd, 3rd and 4th are the 8th, 15th and 22nd.
    expect(socialSecurityPayDay("1950-03-05", 2025, 1)).toBe("2025-01-08");
    expect(socialSecurityPayDay("1950-03-15", 2025, 1)).toBe("2025-01-15");
    expect(socialSecurityPayDay("1950-03-25", 2025, 1)).toBe("2025-01-22");
    // February 2024 starts on a Thursday: the 14th, 21st and 28th (a leap year's February).
    expect(socialSecurityPayDay("1950-03-05", 2024, 2)).toBe("2024-02-14");
    expect(socialSecurityPayDay("1950-03-15", 2024, 2)).toBe("2024-02-21");
    expect(socialSecurityPayDay("1950-03-25", 2024, 2)).toBe("2024-02-28");
  });

  it("never is a fifth Wednesday", () => {
    // January 2025 has five Wednesdays (1, 8, 15, 22, 29).
    expect(socialSecurityPayDay("1950-03-31", 2025, 1)).toBe("2025-01-22");
  });

  it("is the Tuesday before when Veterans Day is the second Wednesday", () => {
    // November 11, 2026 and November 11, 2020 are Wednesdays, the second of their month.
    expect(weekdayOf("2026-11-11")).toBe(3);
    expect(socialSecurityPayDay("1950-03-05", 2026, 11)).toBe("2026-11-10");
    expect(socialSecurityPayDay("1950-03-05", 2020, 11)).toBe("2020-11-10");
    // Born in the other bands, the same month pays on its Wednesdays.
    expect(socialSecurityPayDay("1950-03-15", 2026, 11)).toBe("2026-11-18");
    expect(socialSecurityPayDay("1950-03-25", 2026, 11)).toBe("2026-11-25");
  });

  it("is the Tuesday before when Juneteenth is the third Wednesday", () => {
    expect(socialSecurityPayDay("1950-03-15", 2024, 6)).toBe("2024-06-18");
    expect(socialSecurityPayDay("1950-03-15", 2030, 6)).toBe("2030-06-18");
    // Before 2021 Juneteenth was no federal holiday: June 19, 2019 was a Wednesday and paid.
    expect(socialSecurityPayDay("1950-03-15", 2019, 6)).toBe("2019-06-19");
  });

  it("is Christmas Eve when Christmas is the fourth Wednesday", () => {
    expect(socialSecurityPayDay("1950-03-25", 2024, 12)).toBe("2024-12-24");
    expect(socialSecurityPayDay("1950-03-25", 2030, 12)).toBe("2030-12-24");
    expect(socialSecurityPayDay("1950-03-05", 2024, 12)).toBe("2024-12-11");
  });

  it("keeps a Wednesday next to a holiday that is not on it", () => {
    // Thanksgiving 2026 is Thursday the 26th; the fourth Wednesday, the 25th, pays.
    expect(socialSecurityPayDay("1950-03-25", 2026, 11)).toBe("2026-11-25");
    // Independence Day 2029 is the first Wednesday, which no birthday is paid on.
    expect(socialSecurityPayDay("1950-03-05", 2029, 7)).toBe("2029-07-11");
  });
});

describe("federal holidays", () => {
  it("are the eleven of 2026, observed on a weekday", () => {
    expect([...federalHolidays(2026)]).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03", // July 4 is a Saturday
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("observe a Saturday New Year's Day on the Dec 31 before, and a Sunday holiday on the Monday after", () => {
    // January 1, 2028 is a Saturday.
    expect(isFederalHoliday("2027-12-31")).toBe(true);
    expect(isFederalHoliday("2028-01-01")).toBe(false);
    expect(federalHolidays(2028).has("2027-12-31")).toBe(false);
    // January 1, 2034 is a Sunday.
    expect(isFederalHoliday("2034-01-02")).toBe(true);
    // Christmas 2022 was a Sunday.
    expect(isFederalHoliday("2022-12-26")).toBe(true);
  });

  it("can fall on a Wednesday only on a fixed date", () => {
    const wednesdays = Array.from({ length: 40 }, (_, i) => 2021 + i)
      .flatMap((year) => [...federalHolidays(year)])
      .filter((day) => weekdayOf(day) === 3)
      .map((day) => day.slice(5));
    expect(new Set(wednesdays)).toEqual(new Set(["01-01", "06-19", "07-04", "11-11", "12-25"]));
  });
});

describe("the next Social Security days", () => {
  it("lists the next months from a day", () => {
    expect(socialSecurityDays("1950-03-05", "2026-12-01", 12)).toEqual([
      "2026-12-09",
      "2027-01-13",
      "2027-02-10",
      "2027-03-10",
      "2027-04-14",
      "2027-05-12",
      "2027-06-09",
      "2027-07-14",
      "2027-08-11",
      "2027-09-08",
      "2027-10-13",
      "2027-11-10",
    ]);
  });

  it("counts `from` itself when it is a pay day (inclusive), and starts the month after once it has passed", () => {
    expect(socialSecurityDays("1950-03-05", "2026-12-09", 2)).toEqual(["2026-12-09", "2027-01-13"]);
    expect(socialSecurityDays("1950-03-05", "2026-12-10", 2)).toEqual(["2027-01-13", "2027-02-10"]);
  });

  it("crosses the year with the holidays of each year", () => {
    expect(socialSecurityDays("1950-03-25", "2024-11-28", 3)).toEqual(["2024-12-24", "2025-01-22", "2025-02-26"]);
    expect(socialSecurityDays("1950-03-05", "2026-10-15", 3)).toEqual(["2026-11-10", "2026-12-09", "2027-01-13"]);
  });

  it("counts a holiday-moved day as on or after `from` by its own date", () => {
    // From the Tuesday the Veterans Day pay moved to, and from the Wednesday after it.
    expect(socialSecurityDayOnOrAfter("1950-03-05", "2026-11-10")).toBe("2026-11-10");
    expect(socialSecurityDayOnOrAfter("1950-03-05", "2026-11-11")).toBe("2026-12-09");
  });

  it("knows a pay day from another day", () => {
    expect(isSocialSecurityDay("1950-03-05", "2026-11-10")).toBe(true);
    expect(isSocialSecurityDay("1950-03-05", "2026-11-11")).toBe(false);
    expect(isSocialSecurityDay("1950-03-15", "2026-11-18")).toBe(true);
  });

  it("refuses a from date that is no date", () => {
    expect(() => socialSecurityDays("1950-03-05", "2026-13-01", 1)).toThrow(/from date/);
  });
});

describe("the rule in words", () => {
  it.each([
    ["1950-03-05", "Born on the 5th: Social Security pays on the second Wednesday of each month"],
    ["1950-03-01", "Born on the 1st: Social Security pays on the second Wednesday of each month"],
    ["1950-03-11", "Born on the 11th: Social Security pays on the third Wednesday of each month"],
    ["1950-03-22", "Born on the 22nd: Social Security pays on the fourth Wednesday of each month"],
    ["1950-03-23", "Born on the 23rd: Social Security pays on the fourth Wednesday of each month"],
    ["1950-03-31", "Born on the 31st: Social Security pays on the fourth Wednesday of each month"],
  ])("born %s", (dateOfBirth, words) => {
    expect(socialSecurityRule(dateOfBirth)).toBe(
      `${words}, or the business day before when that Wednesday is a federal holiday.`,
    );
  });

  it("names days and weeks as ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinalDay)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "31st",
    ]);
    expect(socialSecurityWeekLabel(2)).toBe("2nd Wednesday");
    expect(socialSecurityWeekLabel(4)).toBe("4th Wednesday");
  });

  it("reads a date of birth only when it is a whole date", () => {
    expect(birthDateOrNull(" 1950-03-05 ")).toBe("1950-03-05");
    expect(birthDateOrNull("1950-03")).toBeNull();
    expect(birthDateOrNull("1950-02-30")).toBeNull();
    expect(birthDateOrNull(undefined)).toBeNull();
  });
});
