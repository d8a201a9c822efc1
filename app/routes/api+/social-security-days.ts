import { todayIn } from "~/domain/periods";
import { socialSecurityDaysQuery } from "~/domain/schemas/social-security-days";
import { socialSecurityDays, socialSecurityRule } from "~/domain/social-security-days";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/social-security-days?dateOfBirth=YYYY-MM-DD&from=YYYY-MM-DD&count=N (decision 078):
 * the next N (1-24, default 12) days Social Security pays a client born on that day, from `from`
 * on (inclusive; default today in the user's time zone), and the rule in words. Any signed-in
 * user: it reads no data, only the calendar.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const query = parseQuery(request, socialSecurityDaysQuery);
    const from = query.from ?? todayIn(user.timezone);
    return apiJson({
      dates: socialSecurityDays(query.dateOfBirth, from, query.count),
      rule: socialSecurityRule(query.dateOfBirth),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
