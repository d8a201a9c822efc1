import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import QRCode from "qrcode";
import { EnabledPanel, EnrolmentPanel, RecoveryCodesShown } from "~/components/account/two-factor-panels";
import { twoFactorCodeSchema } from "~/domain/schemas/two-factor";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "~/services/two-factor.server";
import { requirePortalUser } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { readRecoveryCodes, recoveryCodesHeader } from "~/utils/shown-once.server";
import { requestMeta } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Two-factor sign-in (issue 27 item 1, decision 079): enrolment with a server-drawn QR code, the
// recovery codes shown once, new codes, and turning it off (agents only). Administrators without
// a second factor are sent here by requireUser until they enrol.

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in | Agency CRM" }];

const HERE = "/account/security";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const [status, shown] = await Promise.all([getTwoFactorStatus(user), readRecoveryCodes(request)]);
  const qrSvg = status.pending ? await QRCode.toString(status.pending.otpauthUrl, { type: "svg", margin: 1 }) : null;
  // The secret being set up and the codes just made are on this answer: no cache may keep it.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (shown.clearHeader) headers.append("Set-Cookie", shown.clearHeader);
  return data(
    {
      status: { ...status, pending: status.pending ? { secret: status.pending.secret } : null },
      qrSvg,
      recoveryCodes: shown.value,
      mustEnrol: user.role === "admin" && !status.enabled,
      canDisable: user.role !== "admin",
      timezone: user.timezone,
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const meta = requestMeta(request);
  const showCodes = async (recoveryCodes: string[], title: string) =>
    redirectWithToast(HERE, { title }, { headers: { "Set-Cookie": await recoveryCodesHeader(recoveryCodes) } });
  return runIntent(request, {
    back: HERE,
    context,
    failures: {
      setup: { title: "Failed to set up two-factor sign-in" },
      enable: { title: "Failed to turn on two-factor sign-in" },
      regenerate: { title: "Failed to make new recovery codes" },
      disable: { title: "Failed to turn off two-factor sign-in" },
    },
    intents: {
      setup: async () => {
        await startTwoFactorSetup(user);
        return redirect(HERE);
      },
      enable: formIntent(twoFactorCodeSchema, async ({ code }) => {
        const { recoveryCodes } = await enableTwoFactor(user, code, meta);
        return showCodes(recoveryCodes, "Two-factor sign-in is on");
      }),
      regenerate: formIntent(twoFactorCodeSchema, async ({ code }) => {
        const { recoveryCodes } = await regenerateRecoveryCodes(user, code, meta);
        return showCodes(recoveryCodes, "New recovery codes made");
      }),
      disable: formIntent(twoFactorCodeSchema, async ({ code }) => {
        await disableTwoFactor(user, code, meta);
        return redirectWithToast(HERE, { title: "Two-factor sign-in is off" });
      }),
    },
  });
}

export default function AccountSecurityPage() {
  const { status, qrSvg, recoveryCodes, mustEnrol, canDisable, timezone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      {recoveryCodes ? <RecoveryCodesShown codes={recoveryCodes} /> : null}
      {status.enabled && status.enabledAt ? (
        <EnabledPanel
          enabledAt={status.enabledAt}
          recoveryCodesLeft={status.recoveryCodesLeft}
          canDisable={canDisable}
          timezone={timezone}
        />
      ) : (
        <EnrolmentPanel mustEnrol={mustEnrol} pending={status.pending} qrSvg={qrSvg} />
      )}
    </div>
  );
}
