-- Spec 1: the Dubai courses are held at Dubai Healthcare City (Building 27, Block C, Ground Floor).
-- The full venue reaches the booking cards, the confirmation email and its calendar invite, not only the footer.
UPDATE "offerings" SET "location" = 'Dubai Healthcare City, Building 27, Block C, Ground Floor, Dubai' WHERE "location" = 'Dubai Healthcare City, Dubai';
--> statement-breakpoint
UPDATE "courses" SET "location" = 'Dubai Healthcare City, Building 27, Block C, Ground Floor, Dubai' WHERE "location" = 'Dubai Healthcare City, Dubai';
