import { CarrierPicker } from "~/components/setup/carrier-picker";
import { CarrierProducts } from "~/components/setup/carrier-products";
import { errorsFor, noticeFor, type FieldErrorMap } from "~/components/setup/setup-parts";
import { StatesPicker } from "~/components/setup/states-picker";
import { Card } from "~/components/ui/card";
import type { DraftNotice, SetupDraft, SideInputs } from "~/domain/setup-draft";

/**
 * The carrier, product and licensed-state panels of an unsaved setup draft: the setup screen's
 * and the profile edit page's, which differ only in their headings.
 * Every button inside posts, so the panels work the same without JavaScript.
 */
export function SetupPanels({
  draft,
  inputs,
  errors,
  notice,
  carrierOptions,
  titles,
}: {
  draft: SetupDraft;
  inputs: SideInputs;
  errors: FieldErrorMap;
  notice?: DraftNotice;
  carrierOptions: string[];
  /** The panels' headings, at `level`; products without a title are a labelled section. */
  titles: { level: "h2" | "h3"; carriers: string; products?: string; states: string };
}) {
  const Heading = titles.level;
  const fieldNotice = (field: string) => noticeFor(notice, field);
  return (
    <>
      <Card className="p-4 sm:p-6">
        <Heading id="carriers" className="mb-4 scroll-mt-20 text-lg font-semibold text-slate-900">
          {titles.carriers}
        </Heading>
        <CarrierPicker
          mode="add"
          options={carrierOptions}
          chosen={draft.carriers.map((c) => c.name)}
          search={inputs.carrierSearch}
          newCarrier={inputs.newCarrier}
          errors={errorsFor(errors, "carriers")}
          searchErrors={fieldNotice("carrierSearch")}
          newCarrierErrors={fieldNotice("newCarrier")}
        />
      </Card>

      <section
        aria-labelledby={titles.products ? "products-heading" : undefined}
        aria-label={titles.products ? undefined : "Products and commission"}
        className="space-y-4"
      >
        {titles.products ? (
          <Heading id="products-heading" className="text-lg font-semibold text-slate-900">
            {titles.products}
          </Heading>
        ) : null}
        {draft.carriers.length === 0 ? (
          <p className="text-sm text-slate-600">Add a carrier above to enter its products.</p>
        ) : (
          draft.carriers.map((carrier, i) => (
            <CarrierProducts
              key={`${i}-${carrier.name}`}
              index={i}
              carrier={carrier}
              errors={errors}
              addMode="inline"
              removable
              newProduct={inputs.newProducts[i]}
              newProductErrors={fieldNotice(`newProducts[${i}]`)}
            />
          ))
        )}
      </section>

      <Card className="p-4 sm:p-6">
        <Heading id="states" className="mb-4 scroll-mt-20 text-lg font-semibold text-slate-900">
          {titles.states}
        </Heading>
        <StatesPicker
          selected={draft.licensedStates}
          errors={errorsFor(errors, "licensedStates")}
          stateEntry={inputs.stateEntry}
          bulkStates={inputs.bulkStates}
          stateEntryErrors={fieldNotice("stateEntry")}
          bulkErrors={fieldNotice("bulkStates")}
        />
      </Card>
    </>
  );
}
