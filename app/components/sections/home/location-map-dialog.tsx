import { Navigation } from "lucide-react";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { LOCATION_MAP_ALT, LOCATION_MAP_TITLE } from "~/content/faq";
import { IMAGES } from "~/content/media";
import { SITE } from "~/content/site";

const directionsUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The course location map; loaded on first use, so the dialog code stays out of the page's first load. */
export default function LocationMapDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { area, building, city, country } = SITE.dubaiAddress;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
          priority
          className="h-auto w-full rounded-xl"
        />
        {/* The drawing shows the way in; directions to the door are the visitor's own maps' to give. */}
        <a
          href={directionsUrl(`${building}, ${area}, ${city}, ${country}`)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-gold-dark underline underline-offset-4 hover:text-navy"
        >
          <Navigation aria-hidden className="size-4" />
          Get directions
          <span className="sr-only"> (opens Google Maps in a new tab)</span>
        </a>
      </DialogContent>
    </Dialog>
  );
}
