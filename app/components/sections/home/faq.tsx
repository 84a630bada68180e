import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Reveal } from "~/components/ui/reveal";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { SectionHeading } from "~/components/ui/section-heading";
import {
  FAQ_HEADING,
  FAQ_INTRO,
  FAQ_ITEMS,
  LOCATION_MAP_ALT,
  LOCATION_MAP_BUTTON,
  LOCATION_MAP_TITLE,
} from "~/content/faq";
import { IMAGES } from "~/content/media";
import { SITE } from "~/content/site";

function LocationMapDialog() {
  const { area, building, city, country } = SITE.dubaiAddress;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="mt-4">
          <MapPin aria-hidden className="size-4" />
          {LOCATION_MAP_BUTTON}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{LOCATION_MAP_TITLE}</DialogTitle>
          <DialogDescription>
            {area}, {building}, {city}, {country}
          </DialogDescription>
        </DialogHeader>
        <ResponsiveImage
          image={IMAGES.locationMap}
          alt={LOCATION_MAP_ALT}
          sizes="(min-width: 768px) 720px, 100vw"
          className="w-full rounded-xl"
        />
      </DialogContent>
    </Dialog>
  );
}

export function Faq() {
  return (
    <Reveal aria-labelledby="faq-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-3 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="faq-title" eyebrow="FAQ" title={FAQ_HEADING} intro={FAQ_INTRO} />
          <Button asChild variant="outline" className="mt-8">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
        <Accordion type="single" collapsible className="border-t border-navy/10 lg:col-span-2">
          {FAQ_ITEMS.map((item) => (
            <AccordionItem key={item.id} value={item.id}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>
                <div className="grid gap-3">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
                {item.showsLocationMap && <LocationMapDialog />}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </Reveal>
  );
}
