import { MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button, ButtonLink } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "~/components/ui/section-heading";
import { FAQ_HEADING, FAQ_INTRO, FAQ_ITEMS, LOCATION_MAP_BUTTON } from "~/content/faq";

const loadLocationMapDialog = () => import("./location-map-dialog");
const LocationMapDialog = lazy(loadLocationMapDialog);

function LocationMap() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        // Without scripts it could not open the map: not offered.
        className="mt-4 noscript:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Fetch the dialog while the visitor is about to press.
        onPointerEnter={loadLocationMapDialog}
        onFocus={loadLocationMapDialog}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <MapPin aria-hidden className="size-4" />
        {LOCATION_MAP_BUTTON}
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <LocationMapDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

export function Faq() {
  return (
    <Reveal aria-labelledby="faq-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-3 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="faq-title" eyebrow="FAQ" title={FAQ_HEADING} intro={FAQ_INTRO} />
          <ButtonLink variant="outline" className="mt-8" to="/contact">
            Contact Us
          </ButtonLink>
        </div>
        <Accordion className="border-t border-navy/10 lg:col-span-2">
          {FAQ_ITEMS.map((item) => (
            <AccordionItem key={item.id} value={item.id}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>
                <div className="grid gap-3">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
                {item.showsLocationMap && <LocationMap />}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </Reveal>
  );
}
