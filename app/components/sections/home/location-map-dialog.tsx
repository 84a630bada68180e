import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { LOCATION_MAP_ALT, LOCATION_MAP_TITLE } from "~/content/faq";
import { IMAGES } from "~/content/media";
import { SITE } from "~/content/site";

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
      </DialogContent>
    </Dialog>
  );
}
